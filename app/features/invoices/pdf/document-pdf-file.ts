import { pdfDocumentOf, pdfFileName, renderDocumentPdf } from '../../../../schema/invoices/document-pdf';
import { documentSeller, sellerOf } from '../../../../schema/invoices/seller';
import type { WorkspaceSettings } from '../../../../schema/workspaces/workspaces';
import type { LoadedDocument } from '../use-documents';

/** The document's PDF, made on this device (offline too) by the same code the server mails it with. */
export async function documentPdfFile(
  loaded: LoadedDocument,
  business: string,
  settings: WorkspaceSettings | undefined,
  logo?: { bytes: Uint8Array; type: 'png' | 'jpg' },
): Promise<File> {
  const doc = pdfDocumentOf(loaded.kind === 'invoice' ? { kind: 'invoice', invoice: loaded.doc } : { kind: 'quote', quote: loaded.doc });
  if (!doc) throw new Error('A document without a number cannot be printed yet.');
  const bytes = await renderDocumentPdf(doc, documentSeller(sellerOf(business, settings, { logo }), loaded.doc.issued_seller));
  return new File([bytes.slice().buffer], pdfFileName(doc), { type: 'application/pdf' });
}

/** Saves a file through the browser's download. */
export function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether this browser can hand a PDF to another app (the phone's share sheet). */
export function canSharePdf(): boolean {
  if (typeof navigator.canShare !== 'function') return false;
  return navigator.canShare({ files: [new File([new Uint8Array(1)], 'x.pdf', { type: 'application/pdf' })] });
}
