print("usage: purereceipt verify|inspect|dump [options] [FILE]")
