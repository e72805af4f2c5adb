// Request and response schemas of the wallet-ledger functions are added by the issue that builds them.
export {};
