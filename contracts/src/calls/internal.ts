// Request and response schemas of the internal functions are added by the issue that builds them.
export {};
