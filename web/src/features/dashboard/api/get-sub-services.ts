import { callFunction } from '../../../lib/api';
import type { Option } from './types';

/** sub-services: the sub-services of one industry (public call). */
export const getSubServices = (industry: string) => callFunction<Option[]>('sub-services', { query: { industry } });
