// Request and response schemas of the lead-intake functions are added by the issue that builds them.
export {};
