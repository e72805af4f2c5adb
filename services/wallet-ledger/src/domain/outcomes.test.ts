import { describe, expect, it } from 'vitest';
import { lostReasonCounts, outcomeFigures, outcomesByCategory, outcomesByZip, type OutcomeFact } from './outcomes.js';

const AVG = 500_00;
type Fact = OutcomeFact & { service_category: string; sub_service: string; zip_code: string };
const bought = (over: Partial<Fact> = {}): Fact => ({
  price_cents: 40_00,
  status: 'purchased',
  completed_at: null,
  outcome: null,
  job_value_cents: null,
  lost_reason: null,
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '10001',
  ...over,
});

describe('outcome figures', () => {
  it('close rate is won over decided; ROI ratio is won value over spend; net ROI subtracts the spend', () => {
    // The browser test's journey: won $800, won $1,200, lost; three $40 leads.
    const figures = outcomeFigures(
      [
        bought({ outcome: 'won', job_value_cents: 800_00 }),
        bought({ outcome: 'won', job_value_cents: 1_200_00 }),
        bought({ outcome: 'lost', lost_reason: 'price' }),
      ],
      AVG,
    );
    expect(figures).toEqual({
      leads_purchased: 3,
      won: 2,
      won_estimated: 0,
      lost: 1,
      never_reached: 0,
      open: 0,
      close_rate: 66.67,
      spend: 120,
      won_value: 2000,
      average_job_value: 1000,
      roi_ratio: 16.67,
      net_roi: 1566.67,
    });
  });

  it('open leads cost money but are no verdict; never reached is a decided loss', () => {
    const figures = outcomeFigures(
      [
        bought({ outcome: 'won', job_value_cents: 1000_00 }),
        bought({ outcome: 'never_reached' }),
        bought({ outcome: 'quoted' }),
        bought({ outcome: 'contacted' }),
        bought(),
      ],
      AVG,
    );
    expect(figures).toMatchObject({ won: 1, never_reached: 1, open: 3, close_rate: 50, spend: 200, won_value: 1000 });
    expect(figures.roi_ratio).toBe(5);
    expect(figures.net_roi).toBe(400);
  });

  it('without a verdict, completed is won at the average job value and archived is lost; a verdict outranks both', () => {
    const figures = outcomeFigures(
      [
        bought({ status: 'completed', completed_at: new Date() }),
        bought({ status: 'completed', completed_at: new Date(), outcome: 'won', job_value_cents: 300_00 }),
        bought({ status: 'completed', completed_at: new Date(), outcome: 'lost', lost_reason: 'other' }),
        // Archived, never completed nor given a verdict: given up on.
        bought({ status: 'archived' }),
        // Archived after it was completed: still the booked job.
        bought({ status: 'archived', completed_at: new Date() }),
      ],
      AVG,
    );
    expect(figures).toMatchObject({ won: 3, won_estimated: 2, lost: 2, open: 0, won_value: 1300, close_rate: 60 });
  });

  it('refunded purchases count nowhere, and nothing bought gives zeros, not NaN', () => {
    const refunded = bought({ status: 'refunded', outcome: 'won', job_value_cents: 900_00 });
    expect(outcomeFigures([refunded], AVG)).toMatchObject({
      leads_purchased: 0,
      won: 0,
      close_rate: 0,
      roi_ratio: 0,
      net_roi: 0,
      average_job_value: 0,
    });
    expect(outcomesByCategory([refunded], AVG)).toEqual([]);
  });

  it('groups by price-matrix row with its words, and by ZIP, biggest first', () => {
    const all = [
      bought({ outcome: 'won', job_value_cents: 800_00 }),
      bought({ sub_service: 'plumbing', zip_code: '10002', outcome: 'lost', lost_reason: 'price' }),
      bought({ sub_service: 'plumbing', zip_code: '10002', outcome: 'lost', lost_reason: 'hired_someone_else' }),
      bought({ service_category: 'legal', sub_service: 'personal_injury', zip_code: '10002' }),
    ];
    const categories = outcomesByCategory(all, AVG);
    expect(categories.map((c) => [c.category, c.label, c.leads_purchased, c.close_rate])).toEqual([
      ['home_services/plumbing', 'Plumbing', 2, 0],
      ['home_services/hvac', 'HVAC', 1, 100],
      ['legal', 'Legal', 1, 0],
    ]);
    expect(outcomesByZip(all, AVG).map((z) => [z.zip_code, z.leads_purchased, z.won])).toEqual([
      ['10002', 3, 0],
      ['10001', 1, 1],
    ]);
    expect(lostReasonCounts(all)).toEqual([
      { reason: 'price', label: 'Price too high', count: 1 },
      { reason: 'hired_someone_else', label: 'Hired someone else', count: 1 },
    ]);
  });
});
