import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoicesContract as c } from '../../../schema/invoices/contract';
import { call } from '../../data/api';
import { Card } from '../../ui/card';
import { SwitchField } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import * as s from '../../ui/page.css';
import { serverMessage } from '../../kit/workspace-queries';

const preferencesKey = (workspaceId: number) => ['invoice-preferences', workspaceId] as const;

/**
 * Whether customers get e-mail reminders: on the due date, and three days after it while the
 * invoice is unpaid. Owners and admins switch it; it saves at once.
 */
export function InvoiceSettingsSection({ workspaceId, canEdit }: { workspaceId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: preferencesKey(workspaceId),
    queryFn: () => call(c.preferences, { params: { id: workspaceId } }),
  });
  const update = useMutation({
    mutationFn: (enabled: boolean) => call(c.updatePreferences, { params: { id: workspaceId }, body: { reminders_enabled: enabled } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey(workspaceId), saved);
      toast({
        title: saved.reminders_enabled ? 'Invoice reminders switched on' : 'Invoice reminders switched off',
        variant: 'success',
      });
    },
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });
  const enabled = update.isPending ? update.variables : (prefs.data?.reminders_enabled ?? true);
  return (
    <Card aria-labelledby="invoice-settings-title">
      <h2 className={s.sectionTitle} id="invoice-settings-title">
        Invoice reminders
      </h2>
      <div className={s.stack}>
        <SwitchField isSelected={enabled} onChange={(v) => update.mutate(v)} isDisabled={!canEdit || !prefs.data || update.isPending}>
          E-mail payment reminders to customers
        </SwitchField>
        <p className={s.muted}>
          {prefs.isError
            ? `Could not load the reminder setting: ${serverMessage(prefs.error)}`
            : 'A sent invoice that is not fully paid gets a reminder on its due date and another 3 days after it, each once, with its link and balance due. It goes to the customer e-mail on the invoice.'}
        </p>
      </div>
    </Card>
  );
}
