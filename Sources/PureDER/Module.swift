// PureDER module. See Docs/ARCHITECTURE.md.
