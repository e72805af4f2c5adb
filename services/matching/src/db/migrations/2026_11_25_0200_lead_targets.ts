import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The Available list read every lead in a contractor's ZIP codes (thousands behind a
// backlog) to match the trade in code, then kept the newest 100. With the trade as a column on both
// sides, PostgreSQL filters, counts and pages it, and the read no longer grows with the backlog.
//
// canonical_target is contracts' canonicalTarget (contracts/src/targeting.ts) in SQL: catalogue values
// folded (lower case, non-alphanumerics as one '_', none at either end), a home-services trade used as
// a category stands for home_services/<trade>, 'auto' is automotive, 'home'/'home_service' are
// home_services; no sub-service means no target (targetsMatch never matches an empty sub-service).
// services/matching/test/available-leads-query.test.ts checks both agree on the catalogue's spellings.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function matching.canonical_target(category text, sub_service text) returns text
    language sql immutable parallel safe as $$
      select case
        when n.industry in ('hvac', 'plumbing', 'electrical', 'roofing') then 'home_services/' || n.industry
        when n.sub = '' then null
        else case n.industry
               when 'auto' then 'automotive'
               when 'home_service' then 'home_services'
               when 'home' then 'home_services'
               else n.industry
             end || '/' || n.sub
      end
      from (select trim(both '_' from regexp_replace(lower(category), '[^a-z0-9]+', '_', 'g')) as industry,
                   trim(both '_' from regexp_replace(lower(sub_service), '[^a-z0-9]+', '_', 'g')) as sub) as n
    $$`.execute(db);
  await sql`alter table matching.leads add column target text
    generated always as (matching.canonical_target(service_category, sub_service)) stored`.execute(db);
  await sql`alter table matching.contractors add column target text
    generated always as (matching.canonical_target(industry, sub_service)) stored`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table matching.leads drop column target`.execute(db);
  await sql`alter table matching.contractors drop column target`.execute(db);
  await sql`drop function matching.canonical_target(text, text)`.execute(db);
}
