import { useEffect, useState } from 'react';
import type { WorkspaceSettings } from '../../../../schema/workspaces/workspaces';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast-store';
import { pictureAsPng } from '../../../kit/pictures/pictures';
import { documentNumber, type LoadedDocument } from '../use-documents';

// pdf-lib is not in the precache (it would take a first install over its budget). Loaded once
// with a signal, the service worker keeps it, so PDFs are made offline from then on.
const pdfFile = () => import('./document-pdf-file');

/**
 * Fetches the PDF maker in the background while there is a signal, so a PDF can be made later with
 * none; with `logoUrl`, the logo too (the service worker keeps it in its picture cache). Pages that
 * lead to a document call it (the invoices list, a document).
 */
export function useWarmPdfMaker(logoUrl?: string | null) {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.onLine) return;
    void pdfFile().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!logoUrl || typeof navigator === 'undefined' || !navigator.onLine) return;
    void fetch(logoUrl, { credentials: 'same-origin' }).catch(() => undefined);
  }, [logoUrl]);
}

function failed(err: unknown) {
  toast({ title: 'Could not make the PDF', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
}

/** The workspace logo as the PDF can embed it (PNG): none when it cannot be fetched, offline and not cached. */
async function logoForPdf(logoUrl: string | null | undefined) {
  const bytes = logoUrl ? await pictureAsPng(logoUrl) : null;
  return bytes ? { bytes, type: 'png' as const } : undefined;
}

/**
 * Download the PDF, and share it through the phone's share sheet where the browser can. The logo is
 * the picture the invoice view shows (`logoUrl`), so the service worker has it for offline use.
 */
export function PdfActions({
  loaded,
  business,
  settings,
  logoUrl,
}: {
  loaded: LoadedDocument;
  business: string;
  settings: WorkspaceSettings | undefined;
  logoUrl?: string | null;
}) {
  useWarmPdfMaker();
  const [busy, setBusy] = useState(false);
  const [shareable] = useState(() => typeof navigator !== 'undefined' && typeof navigator.canShare === 'function');
  const numbered = documentNumber(loaded) !== undefined;
  const make = async (use: (file: File, m: Awaited<ReturnType<typeof pdfFile>>) => Promise<void> | void) => {
    setBusy(true);
    try {
      const [m, logo] = await Promise.all([pdfFile(), logoForPdf(logoUrl)]);
      await use(await m.documentPdfFile(loaded, business, settings, logo), m);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" isDisabled={!numbered} isPending={busy} onPress={() => void make((file, m) => m.downloadFile(file))}>
        Download PDF
      </Button>
      {shareable ? (
        <Button
          variant="secondary"
          isDisabled={!numbered || busy}
          onPress={() =>
            void make(async (file, m) => {
              if (!m.canSharePdf()) {
                m.downloadFile(file);
                return;
              }
              await navigator.share({ files: [file], title: file.name });
            })
          }
        >
          Share PDF
        </Button>
      ) : null}
    </>
  );
}
