import { useQuery } from '@tanstack/react-query';
import { NightReport } from '../../../../shared/schemas/reports';
import { apiRequest } from '../../../lib/api-client';

/** The close-of-night report of a business day (tonight's when `day` is empty). */
export const useNightReport = (day: string) => useQuery({
  queryKey: ['admin', 'night-report', day],
  queryFn: () => apiRequest('GET', '/admin/reports/night', { query: { day: day || undefined }, schema: NightReport }),
});
