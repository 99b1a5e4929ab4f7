import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, as a PDF text extractor reads it (one string per text run). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await pdf.destroy();
  return pages.join('\n');
}
