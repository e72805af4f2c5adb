// Request and response schemas of the matching functions are added by the issue that builds them.
export {};
