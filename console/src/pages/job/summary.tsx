import { Fragment } from 'preact';
import { useT } from '../../i18n.ts';
import { Link, Money, StatusBadge, Time } from '../../ui/index.ts';
import type { JobDetail } from './types.ts';

/** Status, order id, charge and settlement, the stops and the package. */
export function Summary({ job }: { job: JobDetail }) {
  const t = useT();
  const place = (address: string, city: string | null, pincode: string | null) => [address, city, pincode].filter(Boolean).join(', ');
  return (
    <section class="card stack" aria-labelledby="job-summary">
      <h2 id="job-summary">{t.job.summary}</h2>
      {job.verification.testMode && <p class="muted">{t.job.sandbox}</p>}
      <dl class="facts">
        <dt>{t.job.status}</dt>
        <dd data-field="status">
          <StatusBadge value={job.status} label={t.common.status[job.status]} />
        </dd>
        <dt>{t.job.orderId}</dt>
        <dd>{job.externalOrderId ?? '—'}</dd>
        <dt>{t.job.jobId}</dt>
        <dd class="mono">{job.id}</dd>
        <dt>{t.job.charge}</dt>
        <dd>
          <Money minor={job.chargeMinor} />
        </dd>
        <dt>{t.job.settlement}</dt>
        <dd>
          {job.settlement ? (
            <>
              <StatusBadge value={job.settlement} label={t.common.settlement[job.settlement]} /> <span class="muted">{t.job.settlements[job.settlement]}</span>
            </>
          ) : (
            '—'
          )}{' '}
          <Link href={`/console/statement?jobId=${encodeURIComponent(job.id)}`}>{t.job.statementLines}</Link>
        </dd>
        <dt>{t.job.created}</dt>
        <dd>
          <Time iso={job.createdAt} />
        </dd>
        <dt>{t.job.updated}</dt>
        <dd>
          <Time iso={job.updatedAt} />
        </dd>
        <dt>{t.job.pickup}</dt>
        <dd>
          {[job.pickupName, job.pickupPhone].filter(Boolean).join(', ')}
          <br />
          {place(job.pickupAddress, job.pickupCity, job.pickupPincode)}
          {job.pickupInstructions && <span class="muted job-line">{t.job.instructions(job.pickupInstructions)}</span>}
        </dd>
        <dt>{t.job.drop}</dt>
        <dd>
          {[job.dropName, job.dropPhone].join(', ')}
          <br />
          {place(job.dropAddress, job.dropCity, job.dropPincode)}
          {job.dropInstructions && <span class="muted job-line">{t.job.instructions(job.dropInstructions)}</span>}
        </dd>
        <dt>{t.job.package}</dt>
        <dd>{[job.packageDescription, job.packageWeight].filter(Boolean).join(', ') || '—'}</dd>
        <dt>{t.job.rider}</dt>
        <dd>{job.agentId ?? t.job.noRider}</dd>
      </dl>
    </section>
  );
}

type Handoff = JobDetail['verification']['pickup'];

/** The codes for the store's staff (pickup, return) and the customer's (delivery), while they can be used. */
export function Codes({ job }: { job: JobDetail }) {
  const t = useT();
  const handoffs: Array<['pickup' | 'delivery' | 'return', Handoff]> = [
    ['pickup', job.verification.pickup],
    ['delivery', job.verification.delivery],
    ...(job.returnTrip ? [['return', job.returnTrip.verification] as ['return', Handoff]] : []),
  ];
  return (
    <section class="card stack" aria-labelledby="job-codes">
      <h2 id="job-codes">{t.job.codes}</h2>
      <p class="muted">{t.job.codesIntro}</p>
      <dl class="facts">
        {handoffs.map(([name, handoff]) => (
          <Fragment key={name}>
            <dt>{t.job.codeNames[name]}</dt>
            <dd data-code={name}>
              {handoff.code ? <strong class="job-code mono">{handoff.code}</strong> : <span class="muted">{t.job.codeHidden}</span>}{' '}
              <StatusBadge value={handoff.status} label={t.job.codeStatus[handoff.status]} />
              {handoff.expiresAt && handoff.code && (
                <span class="muted">
                  {' '}
                  {t.job.validUntil} <Time iso={handoff.expiresAt} clock />
                </span>
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** Cash on delivery: what is collected, how, and the remittance that credited it. */
export function CashOnDelivery({ collection }: { collection: NonNullable<JobDetail['collection']> }) {
  const t = useT();
  return (
    <section class="card stack" aria-labelledby="job-cod">
      <h2 id="job-cod">{t.job.cod}</h2>
      <dl class="facts">
        <dt>{t.job.codAmount}</dt>
        <dd>
          <Money minor={collection.amountMinor} />
        </dd>
        <dt>{t.job.codFee}</dt>
        <dd>
          <Money minor={collection.feeMinor} />
        </dd>
        <dt>{t.job.codStatus}</dt>
        <dd>
          <StatusBadge value={collection.status === 'collected' ? 'succeeded' : collection.status} label={t.job.codStatuses[collection.status]} />
          {collection.method && ` · ${t.job.codMethods[collection.method]}`}
          {collection.reference && <span class="mono"> · {collection.reference}</span>}
        </dd>
        {collection.collectedAt && (
          <>
            <dt>{t.job.codCollectedAt}</dt>
            <dd>
              <Time iso={collection.collectedAt} />
            </dd>
          </>
        )}
        {collection.verifiedAt && (
          <>
            <dt>{t.job.codVerifiedAt}</dt>
            <dd>
              <Time iso={collection.verifiedAt} />
            </dd>
          </>
        )}
        <dt>{t.job.codRemittance}</dt>
        <dd>
          {collection.remittanceId ? (
            <Link href={`/console/remittances/${encodeURIComponent(collection.remittanceId)}`} class="mono">
              {collection.remittanceId}
            </Link>
          ) : (
            t.job.codAwaiting
          )}
        </dd>
      </dl>
    </section>
  );
}

/** The parcel's way back to the pickup. */
export function ReturnTrip({ trip }: { trip: NonNullable<JobDetail['returnTrip']> }) {
  const t = useT();
  return (
    <section class="card stack" aria-labelledby="job-return">
      <h2 id="job-return">{t.job.returnTrip}</h2>
      <dl class="facts">
        <dt>{t.job.returnReason}</dt>
        <dd>{t.job.returnReasons[trip.reason]}</dd>
        <dt>{t.job.returnStatus}</dt>
        <dd data-field="return-status">
          <StatusBadge
            value={trip.status === 'returned' ? 'succeeded' : trip.status === 'failed' ? 'failed' : 'pending'}
            label={t.job.returnStatuses[trip.status]}
          />
        </dd>
        <dt>{t.job.returnCharge}</dt>
        <dd>
          <Money minor={trip.chargeMinor} />
        </dd>
        <dt>{t.job.returnStarted}</dt>
        <dd>
          <Time iso={trip.startedAt} />
        </dd>
        {trip.returnedAt && (
          <>
            <dt>{t.job.returnedAt}</dt>
            <dd>
              <Time iso={trip.returnedAt} />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
