import { useState } from 'preact/hooks';
import type { components } from '../../../examples/api.d.ts';
import { api, ApiError, newIdempotencyKey } from '../api.ts';
import { money } from '../format.ts';
import { useLocale, useT } from '../i18n.ts';
import './job.css';
import { navigate, type PageProps } from '../router.ts';
import { currentSession } from '../session.ts';
import { Field, Form, Notice, Page, Time } from '../ui/index.ts';

type Check = components['schemas']['ServiceabilityResponse']['data'][number];
type Quote = components['schemas']['QuoteResponse']['data'];
type Stop = { latitude: number; longitude: number } | { digipin: string };
type Point = { latitude: number; longitude: number };

const ROUTE_FIELDS = ['pickupAddress', 'pickupLocation', 'dropAddress', 'dropLocation', 'packageDescription', 'packageWeightGrams', 'collectRupees'] as const;
const CONTACT_FIELDS = ['externalOrderId', 'pickupName', 'pickupPhone', 'pickupInstructions', 'dropName', 'dropPhone', 'dropInstructions'] as const;
type RouteField = (typeof ROUTE_FIELDS)[number];
type ContactField = (typeof CONTACT_FIELDS)[number];

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** A stop as typed: "lat, lng" is a point; anything else is sent as a DIGIPIN, which the check decodes (or names invalid). */
export function parseStop(text: string): Stop | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const point = COORDINATES.exec(trimmed);
  if (point) return { latitude: Number(point[1]), longitude: Number(point[2]) };
  return { digipin: trimmed };
}

const blank = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>;
const optional = (text: string) => (text.trim() === '' ? undefined : text);

/**
 * Book a delivery: the route is checked (`POST /v1/serviceability`, which also decodes a DIGIPIN to the
 * point the quote needs), quoted, then booked with the contacts. The Idempotency-Key is made once for
 * this form and sent with every try of the booking, so a retry after a lost answer (or an expired
 * token's refresh) books one job.
 */
export default function BookPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Only the sandbox's simulated rider reads outcomes from the order id.
  const sandbox = currentSession()?.mode === 'test';
  const [route, setRoute] = useState(() => blank(ROUTE_FIELDS));
  const [contacts, setContacts] = useState(() => blank(CONTACT_FIELDS));
  const [errors, setErrors] = useState<Partial<Record<RouteField | ContactField, string>>>({});
  const [check, setCheck] = useState<Check | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [needQuote, setNeedQuote] = useState(false);

  const setRouteField = (name: RouteField) => (value: string) => {
    setRoute((current) => ({ ...current, [name]: value }));
    // A quote is for the route it was made for: any change of the route asks for a new one.
    setCheck(null);
    setQuote(null);
  };
  const setContact = (name: ContactField) => (value: string) => setContacts((current) => ({ ...current, [name]: value }));

  const wholeNumber = (text: string) => (text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

  const checkAndQuote = async () => {
    const pickup = parseStop(route.pickupLocation);
    const drop = parseStop(route.dropLocation);
    const weight = wholeNumber(route.packageWeightGrams);
    const collectRupees = wholeNumber(route.collectRupees);
    const found: typeof errors = {
      ...(route.pickupAddress.trim() === '' && { pickupAddress: t.book.addressRequired }),
      ...(route.dropAddress.trim() === '' && { dropAddress: t.book.addressRequired }),
      ...(pickup === null && { pickupLocation: t.book.locationRequired }),
      ...(drop === null && { dropLocation: t.book.locationRequired }),
      ...(Number.isNaN(weight) && { packageWeightGrams: t.book.wholeNumber }),
      ...(Number.isNaN(collectRupees) && { collectRupees: t.book.wholeNumber }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const collectMinor = collectRupees === undefined ? undefined : collectRupees * 100;
    const checked = await api.post('/v1/serviceability', {
      body: { items: [{ pickup: pickup!, drop: drop! }], ...(collectMinor && { collectMinor }), ...(weight && { packageWeightGrams: weight }) },
    });
    const result = checked.data.data[0]!;
    setCheck(result);
    setQuote(null);
    if (result.status !== 'serviceable') return;
    const from = result.location.pickup as Point;
    const to = result.location.drop as Point;
    const quoted = await api.post('/v1/job-quotes', {
      body: {
        pickupAddress: route.pickupAddress,
        pickupLatitude: from.latitude,
        pickupLongitude: from.longitude,
        dropAddress: route.dropAddress,
        dropLatitude: to.latitude,
        dropLongitude: to.longitude,
        packageDescription: optional(route.packageDescription),
        packageWeightGrams: weight,
        collectMinor,
      },
    });
    setQuote(quoted.data.data);
  };

  const bookIt = async () => {
    setNeedQuote(quote === null);
    if (quote === null) return;
    const booked = await api
      .post('/v1/jobs', {
        idempotencyKey,
        body: {
          quoteId: quote.id,
          externalOrderId: contacts.externalOrderId,
          pickupName: contacts.pickupName,
          pickupPhone: contacts.pickupPhone,
          dropName: contacts.dropName,
          dropPhone: contacts.dropPhone,
          pickupInstructions: optional(contacts.pickupInstructions),
          dropInstructions: optional(contacts.dropInstructions),
        },
      })
      .then((answer) => answer.data.data.id)
      .catch((error: unknown) => {
        // This form's key already booked a job (its answer was lost, then the route was quoted again): that job is this form's booking.
        const jobId = error instanceof ApiError && error.code === 'idempotency_conflict' ? error.body.details?.jobId : undefined;
        if (typeof jobId === 'string') return jobId;
        throw error;
      });
    navigate(`/console/jobs/${encodeURIComponent(booked)}`);
  };

  const routeField = (name: RouteField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={t.book[name]} name={name} value={route[name]} onValue={setRouteField(name)} error={errors[name]} {...(extra as object)} />
  );
  const contactField = (name: ContactField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={t.book[name]} name={name} value={contacts[name]} onValue={setContact(name)} error={errors[name]} {...(extra as object)} />
  );
  const point = (p: Point | null | undefined) => (p ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}` : '');

  return (
    <Page title={t.book.title}>
      <p class="muted">{t.book.intro}</p>
      <section class="card stack" aria-labelledby="book-route">
        <h2 id="book-route">{t.book.route}</h2>
        <Form onSubmit={checkAndQuote} submitLabel={t.book.checkAndQuote}>
          <div class="grid-2">
            <div class="stack">
              {routeField('pickupAddress', { required: true, autoComplete: 'off' })}
              {routeField('pickupLocation', { required: true, hint: t.book.locationHint, autoComplete: 'off' })}
            </div>
            <div class="stack">
              {routeField('dropAddress', { required: true, autoComplete: 'off' })}
              {routeField('dropLocation', { required: true, hint: t.book.locationHint, autoComplete: 'off' })}
            </div>
          </div>
          <div class="grid-2">
            {routeField('packageDescription')}
            {routeField('packageWeightGrams', { inputMode: 'numeric' })}
          </div>
          {routeField('collectRupees', { inputMode: 'numeric', hint: t.book.collectHint })}
        </Form>
        {check && (
          <div class="stack" aria-labelledby="book-check">
            <h3 id="book-check">{t.book.check}</h3>
            <Notice
              kind={check.status === 'serviceable' ? 'ok' : check.status === 'partially_serviceable' ? 'warn' : 'error'}
              title={t.book.status[check.status]}
            >
              {check.reasons.length > 0 && (
                <ul>
                  {check.reasons.map((reason) => (
                    <li key={reason}>{t.book.reasons[reason] ?? reason}</li>
                  ))}
                </ul>
              )}
              {check.location.pickup && <p class="mono">{t.book.checkedPoint(t.book.pickupLocation, point(check.location.pickup))}</p>}
              {check.location.drop && <p class="mono">{t.book.checkedPoint(t.book.dropLocation, point(check.location.drop))}</p>}
            </Notice>
          </div>
        )}
        {/* A polite live region that is there before the quote: the charge is announced when it arrives. */}
        <div aria-live="polite">
          {quote && (
            <dl class="card facts" aria-label={t.book.quote}>
              <dt>{t.book.quoteCharge}</dt>
              <dd data-testid="quote-charge">{money(quote.chargeMinor)}</dd>
              <dt>{t.book.quoteDistance}</dt>
              <dd>{t.book.km(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(quote.distanceMeters / 1000))}</dd>
              <dt>{t.book.quoteExpires}</dt>
              <dd>
                <Time iso={quote.expiresAt} />
              </dd>
            </dl>
          )}
        </div>
      </section>
      <section class="card stack" aria-labelledby="book-contacts">
        <h2 id="book-contacts">{t.book.contacts}</h2>
        {needQuote && quote === null && <Notice kind="warn">{t.book.quoteFirst}</Notice>}
        <Form onSubmit={bookIt} submitLabel={t.book.bookButton}>
          {contactField('externalOrderId', { required: true, autoComplete: 'off', ...(sandbox && { hint: t.book.externalOrderIdHint }) })}
          <div class="grid-2">
            <div class="stack">
              {contactField('pickupName', { required: true, autoComplete: 'off' })}
              {contactField('pickupPhone', { required: true, type: 'tel', inputMode: 'tel', hint: t.book.phoneHint, autoComplete: 'off' })}
              {contactField('pickupInstructions', { as: 'textarea' })}
            </div>
            <div class="stack">
              {contactField('dropName', { required: true, autoComplete: 'off' })}
              {contactField('dropPhone', { required: true, type: 'tel', inputMode: 'tel', hint: t.book.phoneHint, autoComplete: 'off' })}
              {contactField('dropInstructions', { as: 'textarea' })}
            </div>
          </div>
        </Form>
      </section>
    </Page>
  );
}
