import { useEffect } from 'react';
import { brand } from '../../schema/brand';

/** Sets document.title and the meta description for one page (spec issue: meta tags per page). */
export function usePageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title.includes(brand.product) ? title : `${title} | ${brand.product}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/**
 * Structured data for search engines. A `application/ld+json` script is data, never executed, so it
 * is allowed under our CSP (no inline script execution). `<` is escaped so text can't close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The site origin for absolute URLs in structured data. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}
