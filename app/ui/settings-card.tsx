import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Button } from './button';
import { Card } from './card';
import * as s from './page.css';

/**
 * One section of a settings page: its heading, its fields and, for those who may change them, the
 * save button. Read-only members see the same fields without it.
 */
export function SettingsCard({
  id,
  title,
  onSubmit,
  canEdit,
  saveLabel,
  saving,
  children,
}: {
  /** Names the heading, which labels the card. */
  id: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  canEdit: boolean;
  saveLabel: string;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <h2 className={s.sectionTitle} id={id}>
        {title}
      </h2>
      <Form className={s.stack} onSubmit={onSubmit} validationBehavior="aria">
        {children}
        {canEdit ? (
          <div className={s.formActions}>
            <Button type="submit" isPending={saving}>
              {saveLabel}
            </Button>
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
