import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { eventsContract as c, ticketPdfPath } from '../../../../schema/events/contract';
import { svgDataUrl, ticketQrSvg } from '../../../../schema/events/ticket-qr';
import { ApiError, call } from '../../../data/api';
import { NotFound } from '../../../routes/not-found';
import { ButtonAnchor } from '../../../ui/button-anchor';
import { Card } from '../../../ui/card';
import { Notice } from '../../../ui/feedback';
import * as w from '../../../ui/page.css';
import { PageSpinner } from '../../../ui/spinner';
import { PublicLayout } from '../../../shell/public/layout/public-layout';
import * as p from './public.css';

const route = getRouteApi('/tickets/$token');

/** /tickets/{token}: one ticket, as its holder opens it from the e-mail; printable, with its PDF. */
export function TicketPage() {
  const { token } = route.useParams();
  const ticket = useQuery({
    queryKey: ['ticket', token],
    queryFn: () => call(c.ticket, { params: { token } }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });
  if (ticket.isPending) return <PageSpinner label="Opening the ticket..." />;
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.status === 404) return <NotFound />;
    return (
      <PublicLayout>
        <p role="alert">The ticket could not be opened. Check your connection and try again.</p>
      </PublicLayout>
    );
  }
  const t = ticket.data;
  const live = t.status === 'registered' || t.status === 'checked_in';
  return (
    <PublicLayout>
      <div className={`${p.page} ${p.narrow}`}>
        <Card aria-labelledby="ticket-title">
          <h1 id="ticket-title" className={w.title}>
            {t.event_title}
          </h1>
          <p className={w.muted}>
            {t.start_time ? `${t.start_date} ${t.start_time}` : t.start_date}
            {t.location ? ` · ${t.location}` : ''}
          </p>
          <p>
            <strong>{t.ticket_type}</strong> · {t.holder}
          </p>
          {live ? null : <Notice tone="error" title="This ticket was cancelled or refunded" />}
          <p className={w.fieldLabel}>Show this QR code at the door</p>
          <TicketQr code={t.code} />
          <p className={w.muted}>If the scanner cannot read it, the door can type this code:</p>
          <p className={p.code} aria-label="Ticket code">
            {t.code}
          </p>
          <div className={w.row}>
            <ButtonAnchor href={ticketPdfPath(token)} variant="secondary">
              Download PDF
            </ButtonAnchor>
            <Link to="/marketplace/events/$slug" params={{ slug: t.event_slug }}>
              Event page
            </Link>
          </div>
        </Card>
      </div>
    </PublicLayout>
  );
}

/** The ticket's signed code as a QR image (drawn on the device: it opens offline once the ticket was seen). */
function TicketQr({ code }: { code: string }) {
  const qr = useQuery({
    queryKey: ['ticket-qr', code],
    queryFn: async () => svgDataUrl(await ticketQrSvg(code)),
    staleTime: Infinity,
  });
  if (qr.isError) return <p role="alert">The QR code could not be drawn; the door can type the code below.</p>;
  if (!qr.data) return <div className={p.qr} aria-hidden="true" />;
  return <img className={p.qr} src={qr.data} alt="QR code of this ticket" width={240} height={240} />;
}
