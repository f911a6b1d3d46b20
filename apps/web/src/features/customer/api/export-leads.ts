import { LEAD_EXPORT_NAME, type LeadListQuery, CustomerApi } from '@vidmatrix/contract/api/customer';
import { EXPORT_TIMEOUT_MS } from '@vidmatrix/contract/constants';
import { get } from '../../../lib/request.ts';

/** GET /api/customer.Lead/export as a blob (SPEC §7 export timeout), saved as LEAD_EXPORT_NAME. */
export async function exportLeads(query: LeadListQuery): Promise<void> {
  const blob = await get<Blob>(
    CustomerApi.leadExport,
    { ...query, page: 1, limit: 0 },
    {
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT_MS,
    },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${LEAD_EXPORT_NAME}.xlsx`;
  link.click();
  // Give the browser a tick to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
