// PureCrypto module. See Docs/ARCHITECTURE.md.
