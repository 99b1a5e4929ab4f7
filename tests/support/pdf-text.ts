import { join } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

function openPdf(bytes: Uint8Array) {
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`,
    isEvalSupported: false,
  }).promise;
}

/** The text of every page of a PDF, as a PDF text extractor reads it (one string per text run). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await openPdf(bytes);
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await pdf.destroy();
  return pages.join('\n');
}

/** How many images the first page of a PDF paints (a viewer draws each one). */
export async function pdfFirstPageImages(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  const ops = await (await pdf.getPage(1)).getOperatorList();
  await pdf.destroy();
  return ops.fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length;
}
