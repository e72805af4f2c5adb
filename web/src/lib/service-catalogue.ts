/** Industry and sub-service choices, loaded from the industries and sub-services calls (shared by lead forms and signup). */
import { SERVICE_CATALOGUE, type CatalogueOption } from '@leadmarket/contracts/catalogue';
import { useEffect, useState } from 'react';
import { callFunction } from './api';

/** One dropdown choice (dashboards §3: value, label). */
export type Option = CatalogueOption;

/** The lead forms' service categories, from the contracts catalogue; the industries call may rename or extend them. */
export const SERVICE_CATEGORIES: readonly Option[] = SERVICE_CATALOGUE.map(({ value, label }) => ({ value, label }));

/** The label of a category value, else the value itself. */
export const categoryLabel = (value: string): string =>
  SERVICE_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The answer may be a bare list or wrapped (`{ industries }`, `{ sub_services }`, `{ options }`). */
function asOptions(answer: unknown): Option[] {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object'
      ? ((Object.values(answer).find(Array.isArray) as unknown[] | undefined) ?? [])
      : [];
  return list
    .filter(
      (o): o is Option => !!o && typeof (o as Option).value === 'string' && typeof (o as Option).label === 'string',
    )
    .map((o) => ({ value: o.value, label: o.label }));
}

/**
 * One read while `key` is set: its answer, its failure, whether it is loading. A plain effect, not
 * SWR: these two catalogue reads are all a lead form fetches, and SWR (5.4 KB gzip) would otherwise
 * load with every industry landing page, which must stay under 100 KB of JavaScript (bench
 * figure 5). A read whose key changed, or whose form is gone, is dropped, never shown.
 */
function useRead<T>(key: string | null, load: (key: string) => Promise<T>) {
  const [answer, setAnswer] = useState<{ key: string; data?: T; error?: unknown }>();
  useEffect(() => {
    if (key === null) return;
    let current = true;
    load(key).then(
      (data) => current && setAnswer({ key, data }),
      (error: unknown) => current && setAnswer({ key, error: error ?? new Error('failed') }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; what is read depends only on the key.
  }, [key]);
  const mine = answer?.key === key ? answer : undefined;
  return { data: mine?.data, error: mine?.error, isLoading: key !== null && mine === undefined };
}

/** GET industries; until it answers (or if it fails) the known categories stand in, so the form stays usable. */
export function useIndustries(): Option[] {
  const { data } = useRead('industries', async () => asOptions(await callFunction('industries')));
  return data && data.length > 0 ? data : (SERVICE_CATEGORIES as Option[]);
}

/** GET sub-services?industry=…; nothing is fetched until an industry is chosen. */
export function useSubServices(industry: string): { options: Option[]; loading: boolean; failed: boolean } {
  const { data, error, isLoading } = useRead(industry || null, async (value) =>
    asOptions(await callFunction('sub-services', { query: { industry: value } })),
  );
  return { options: data ?? [], loading: isLoading, failed: Boolean(error) };
}

const titleCase = (value: string) => value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * The sub-service dropdown's choices for `industry`: while the list loads, a preset `current` value
 * (a page default or a prefill) stays listed; once the list has loaded without it, `clear` is called,
 * so the form never sends a sub-service the industry does not offer.
 */
export function useSubServiceChoices(industry: string, current: string, clear: () => void) {
  const state = useSubServices(industry);
  const known = state.options.some((o) => o.value === current);
  const loadedWithout = !state.loading && state.options.length > 0 && current !== '' && !known;
  useEffect(() => {
    if (loadedWithout) clear();
    // `clear` is a fresh closure each render; the decision depends only on the flag.
  }, [loadedWithout]);
  const options =
    current && !known && !loadedWithout
      ? [{ value: current, label: titleCase(current) }, ...state.options]
      : state.options;
  return { ...state, options };
}
