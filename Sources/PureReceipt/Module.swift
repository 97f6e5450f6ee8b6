// PureReceipt module. See Docs/ARCHITECTURE.md.
