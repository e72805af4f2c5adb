// Request and response schemas of the contractors functions are added by the issue that builds them.
export {};
