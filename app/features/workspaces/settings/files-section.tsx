import { useState } from 'react';
import type { WorkspaceSettings } from '../../../../schema/workspaces';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CheckboxField } from '../../../ui/form-controls';
import * as s from '../../../ui/page.css';
import { fileTypes } from './setting-options';
import { useUpdateSettings } from './use-update-settings';

/** Which files people may upload to this workspace (spec §3 allowed_file_types). */
export function FilesSection({ workspaceId, settings, canEdit }: { workspaceId: number; settings: WorkspaceSettings; canEdit: boolean }) {
  const update = useUpdateSettings(workspaceId);
  const [allowed, setAllowed] = useState<string[]>(settings.allowed_file_types);
  // Types saved earlier that the list above does not name stay visible, so they can be removed.
  const options = [
    ...fileTypes,
    ...settings.allowed_file_types.filter((t) => !fileTypes.some((f) => f.value === t)).map((t) => ({ value: t, label: t })),
  ];

  function toggle(type: string, on: boolean) {
    setAllowed((prev) => (on ? [...prev, type] : prev.filter((t) => t !== type)));
  }

  return (
    <Card aria-labelledby="files-title">
      <h2 className={s.sectionTitle} id="files-title">
        Allowed file types
      </h2>
      <div className={s.stack}>
        <div role="group" aria-labelledby="files-title" className={s.twoColumns}>
          {options.map((o) => (
            <CheckboxField
              key={o.value}
              isSelected={allowed.includes(o.value)}
              onChange={(on) => toggle(o.value, on)}
              isDisabled={!canEdit}
            >
              {o.label}
            </CheckboxField>
          ))}
        </div>
        {allowed.length === 0 ? <p className={s.muted}>No uploads will be accepted.</p> : null}
        {canEdit ? (
          <div className={s.formActions}>
            <Button onPress={() => update.mutate({ allowed_file_types: allowed })} isPending={update.isPending}>
              Save file types
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
