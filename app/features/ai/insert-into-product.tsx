import { useState } from 'react';
import * as s from '../../ui/page.css';
import type { UserData } from '../../data/db';
import { useProducts } from '../inventory';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { InsertFrame } from './insert-frame';

/** "Insert into product": the written text becomes a product's description on this device, and syncs. */
export function InsertIntoProduct({ workspaceId, text }: { workspaceId: number; text: string }) {
  return (
    <DeviceDataGate inline opening="Opening your products">
      {(data) => <Picker data={data} workspaceId={workspaceId} text={text} />}
    </DeviceDataGate>
  );
}

function Picker({ data, workspaceId, text }: { data: UserData; workspaceId: number; text: string }) {
  const products = useProducts(data, workspaceId);
  const [productId, setProductId] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!products) return null;
  if (products.length === 0) return <p className={s.muted}>Add a product in Inventory to insert this text into it.</p>;
  const chosen = productId || products[0]?.id || '';

  const insert = async () => {
    setError(null);
    const doc = await data.db.products.findOne(chosen).exec();
    if (!doc) {
      setError('This product was deleted on another device.');
      return;
    }
    await doc.incrementalModify((old) => ({ ...old, description: text.slice(0, 5000), updated_at: new Date().toISOString() }));
    setSaved(doc.name ?? 'the product');
  };

  return (
    <InsertFrame
      label="Product"
      value={chosen}
      options={products.map((p) => ({ value: p.id, label: p.name ?? 'Unnamed product' }))}
      onChange={(v) => {
        setProductId(v);
        setSaved(null);
      }}
      action="Insert into product"
      onInsert={() => void insert()}
      saved={
        saved
          ? {
              title: 'Description saved',
              testId: 'ai-inserted',
              message: `The text is now the description of ${saved}. It syncs with your other devices.`,
            }
          : null
      }
      failure={error ? { title: error } : null}
    />
  );
}
