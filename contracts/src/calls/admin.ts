// Request and response schemas of the admin functions are added by the issue that builds them.
export {};
