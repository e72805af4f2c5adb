import type { AutoReloadSettingsSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { getAs, postAs, useDashboardQuery, type Session } from './client';
import type { AutoReloadSettings } from './types';

export type AutoReloadAnswer = z.infer<typeof AutoReloadSettingsSchema>;

/** auto-reload-settings (GET): the three settings and whether card funding is possible. */
export const getAutoReload = (s: Session) => getAs<AutoReloadAnswer>(s, 'auto-reload-settings');

export const useAutoReload = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'auto-reload-settings', {}, getAutoReload, enabled);

/** auto-reload-settings (POST): only the settings that changed are sent. */
export const updateAutoReload = (s: Session, changed: Partial<AutoReloadSettings>) =>
  postAs<AutoReloadAnswer>('auto-reload-settings', s, { session_token: s.token, ...changed });
