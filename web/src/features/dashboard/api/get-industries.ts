import { callFunction } from '../../../lib/api';
import type { Option } from './types';

/** industries: the service categories (public call). */
export const getIndustries = () => callFunction<Option[]>('industries');
