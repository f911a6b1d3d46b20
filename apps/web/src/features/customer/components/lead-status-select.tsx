import { Select } from 'antd';
import { LEAD_STATUS_LABEL, leadStatus, type Lead } from '@vidmatrix/contract/api/customer';
import { Msg } from '@vidmatrix/contract/messages';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateLead } from '../api/update-lead.ts';

const OPTIONS = leadStatus.options.map((value) => ({ value, label: LEAD_STATUS_LABEL[value] }));

/** Edits a lead's status in place (新线索, 已联系, 已成交, 已流失). */
export function LeadStatusSelect({ lead }: { lead: Lead }) {
  const mutation = useUpdateLead();
  return (
    <Select
      size="small"
      style={{ width: 96 }}
      value={lead.status}
      options={OPTIONS}
      loading={mutation.isPending}
      onChange={(status) =>
        mutation.mutate({ lead_id: lead.lead_id, status }, { onSuccess: () => notifySuccess(Msg.updated) })
      }
      aria-label="线索状态"
      data-testid="lead-status"
    />
  );
}
