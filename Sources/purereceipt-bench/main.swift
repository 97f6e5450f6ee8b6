print("purereceipt-bench: not yet implemented")
