// PureX509 module. See Docs/ARCHITECTURE.md.
