/** The customer request pages, linked from the footer and the landing page (a homeowner's way in). */
export const QUOTE_PATH = '/lead-intake';

export const SERVICE_LINKS = [
  ['/services/plumbing', 'Plumbing'],
  ['/hvac', 'HVAC'],
  ['/legal', 'Legal'],
  ['/real-estate', 'Real Estate'],
  ['/finance', 'Finance'],
  ['/insurance', 'Insurance'],
  ['/healthcare', 'Healthcare'],
  ['/auto', 'Auto'],
] as const;
