/**
 * The industry and sub-service catalogue, without zod: the browser's public pages import it (lead
 * forms, signup, waitlist) and should not pull the schema library in with it. Servers reach it
 * through calls/contractors.ts as before.
 */
import { WAITLIST_TRADES } from './constants.js';
import { humanizeValue } from './display.js';

/** One choice of the industry and sub-service dropdowns (dashboards §3: value, label). */
export interface CatalogueOption {
  value: string;
  label: string;
}

/** An industry with the sub-services contractors of it offer. */
export interface CatalogueIndustry extends CatalogueOption {
  sub_services: readonly CatalogueOption[];
}

const opt = (value: string, label: string): CatalogueOption => ({ value, label });

/**
 * The industry and sub-service catalogue. Lead forms send these values as service_category and
 * sub_service, contractors pick them at signup and in Edit Profile, and matching compares them;
 * one list keeps all three in step.
 */
export const SERVICE_CATALOGUE: readonly CatalogueIndustry[] = [
  {
    value: 'home_services',
    label: 'Home Services',
    sub_services: [
      opt('hvac', 'HVAC'),
      opt('plumbing', 'Plumbing'),
      opt('electrical', 'Electrical'),
      opt('roofing', 'Roofing'),
      opt('landscaping', 'Landscaping'),
      opt('pest_control', 'Pest Control'),
      opt('cleaning', 'Cleaning'),
      opt('painting', 'Painting'),
      opt('remodeling', 'Remodeling'),
      opt('flooring', 'Flooring'),
      opt('handyman', 'Handyman'),
      opt('windows_doors', 'Windows & Doors'),
    ],
  },
  {
    value: 'legal',
    label: 'Legal',
    sub_services: [
      opt('personal_injury', 'Personal Injury'),
      opt('family_law', 'Family Law'),
      opt('criminal_defense', 'Criminal Defense'),
      opt('estate_planning', 'Estate Planning'),
      opt('immigration', 'Immigration'),
      opt('business_law', 'Business Law'),
      opt('bankruptcy', 'Bankruptcy'),
      opt('employment_law', 'Employment Law'),
    ],
  },
  {
    value: 'real_estate',
    label: 'Real Estate',
    sub_services: [
      opt('buying', 'Buying a Home'),
      opt('selling', 'Selling a Home'),
      opt('property_management', 'Property Management'),
      opt('commercial', 'Commercial Real Estate'),
      opt('appraisal', 'Appraisal'),
      opt('home_inspection', 'Home Inspection'),
    ],
  },
  {
    value: 'finance',
    label: 'Finance',
    sub_services: [
      opt('financial_planning', 'Financial Planning'),
      opt('tax_preparation', 'Tax Preparation'),
      opt('mortgage', 'Mortgage'),
      opt('debt_relief', 'Debt Relief'),
      opt('accounting', 'Accounting'),
      opt('retirement_planning', 'Retirement Planning'),
    ],
  },
  {
    value: 'insurance',
    label: 'Insurance',
    sub_services: [
      opt('auto_insurance', 'Auto Insurance'),
      opt('home_insurance', 'Home Insurance'),
      opt('life_insurance', 'Life Insurance'),
      opt('health_insurance', 'Health Insurance'),
      opt('business_insurance', 'Business Insurance'),
    ],
  },
  {
    value: 'healthcare',
    label: 'Healthcare',
    sub_services: [
      opt('dental', 'Dental'),
      opt('chiropractic', 'Chiropractic'),
      opt('physical_therapy', 'Physical Therapy'),
      opt('mental_health', 'Mental Health'),
      opt('home_health_care', 'Home Health Care'),
      opt('primary_care', 'Primary Care'),
    ],
  },
  {
    value: 'auto',
    label: 'Auto',
    sub_services: [
      opt('auto_repair', 'Auto Repair'),
      opt('auto_body', 'Auto Body'),
      opt('towing', 'Towing'),
      opt('detailing', 'Detailing'),
      opt('auto_glass', 'Auto Glass'),
      opt('tires', 'Tires'),
    ],
  },
];

/** The industry of the catalogue with this value, if any. */
export const industryOf = (value: string): CatalogueIndustry | undefined =>
  SERVICE_CATALOGUE.find((i) => i.value === value);

/** True when `subService` is one of `industry`'s sub-services. */
export const isCatalogued = (industry: string, subService: string): boolean =>
  Boolean(industryOf(industry)?.sub_services.some((s) => s.value === subService));

/**
 * What a person reads for a request's service: the catalogue's label of its sub-service ("HVAC",
 * "Personal Injury"), else of its industry; a value the catalogue does not hold reads as words.
 */
export function serviceLabel(industry: string, subService?: string | null): string {
  const found = industryOf(industry);
  const sub = subService ? found?.sub_services.find((s) => s.value === subService) : undefined;
  if (sub) return sub.label;
  if (subService) return humanizeValue(subService);
  return found?.label ?? humanizeValue(industry);
}

/** The waitlist's trade choices with their labels: the home-service trades' own labels, and Other. */
export const WAITLIST_TRADE_OPTIONS: ReadonlyArray<{ value: (typeof WAITLIST_TRADES)[number]; label: string }> =
  WAITLIST_TRADES.map((value) => ({
    value,
    label: industryOf('home_services')?.sub_services.find((s) => s.value === value)?.label ?? 'Other',
  }));
