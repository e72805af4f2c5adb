import {
  CONTRACTOR_MESSAGES,
  functionPath,
  industryOf,
  SERVICE_CATALOGUE,
  SubServicesQuerySchema,
} from '@leadmarket/contracts';
import { badRequest, type ServiceApp } from '@leadmarket/platform';

/** The industry and sub-service dropdowns: `{ value, label }` lists from the shared catalogue. */
export function registerCatalogueRoutes(app: ServiceApp): void {
  app.get(functionPath('industries'), async () => SERVICE_CATALOGUE.map(({ value, label }) => ({ value, label })));

  app.get(functionPath('sub-services'), async (request) => {
    const { industry } = SubServicesQuerySchema.parse(request.query ?? {});
    if (!industry?.trim()) throw badRequest('Please choose an industry', 'industry');
    const found = industryOf(industry.trim());
    if (!found) throw badRequest(CONTRACTOR_MESSAGES.unknownIndustry, 'industry');
    return found.sub_services.map(({ value, label }) => ({ value, label }));
  });
}
