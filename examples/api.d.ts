/**
 * Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.
 */

export interface paths {
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check credit
         * @description The store’s prepaid credit in paise: balance, the part reserved for open jobs, and what is available for new bookings. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key’s store
         * @description The store the key acts for: its name, live or sandbox, API access, its sandbox twin and its limits a minute. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getStore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cod-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cash-on-delivery totals
         * @description The cash-on-delivery payments riders collected for the store, in paise: `collectedMinor` = `awaitingRemittanceMinor` (collected, not yet credited) + `remittedMinor` (credited to the prepaid credit by remittances, GET /v1/remittances). `awaitingVerificationMinor` is the part of `awaitingRemittanceMinor` paid by UPI that the platform’s receiving account has not confirmed yet: it is remitted only once confirmed (`collection.verifiedAt` on the job). `nextRemittanceAt` is when the payments awaiting remittance and verified are next credited (a live store’s next daily cut-off, 18:00 IST by default; a sandbox store’s within seconds), null when none await. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getCodSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rate-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the rate card
         * @description The current prices of every zone the store can book in, by zone id: the fare (base fare, included distance, per kilometre), the weight slabs, the return trip’s share, and the cash-on-delivery terms (`collection`: the most collected on one job and the collection fee, a percentage with a minimum; null where the zone collects none). A quote’s chargeMinor is the fare plus the slab surcharge, rounded up to a rupee, plus the collection fee when it asks to collect. Read-only; counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getRateCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service area, as GeoJSON
         * @description The active zones as an RFC 7946 FeatureCollection, by id: each Feature’s geometry is where the zone serves (a Polygon or MultiPolygon, coordinates [longitude, latitude], exterior rings counterclockwise and closed, holes allowed) and its properties its name, version, the longest route it serves and its cash-on-delivery terms (null where it collects none). For drawing the service area: whether a route is served is what a quote answers. Served with `Cache-Control: private, max-age=300` and an `ETag` (one per representation); send it back in `If-None-Match` to be answered 304 with no body while the zones are unchanged. With `Accept: application/geo+json` the body is the bare GeoJSON (`Content-Type: application/geo+json`), ready for a map library; any other Accept gets `{data}` JSON. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listZones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One zone, as GeoJSON
         * @description One active zone as an RFC 7946 Feature, as in GET /v1/zones; an id no active zone has is 404 zone_not_found. Served with `Cache-Control: private, max-age=300` and an `ETag` (one per representation); send it back in `If-None-Match` to be answered 304 with no body while the zones are unchanged. With `Accept: application/geo+json` the body is the bare GeoJSON (`Content-Type: application/geo+json`), ready for a map library; any other Accept gets `{data}` JSON. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getZone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/serviceability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check serviceability
         * @description Answers, for up to 100 items at once, whether a drop point (a product page’s “do you deliver here?”) or a pickup-to-drop route (a checkout) is served: status, the zones that serve it, every reason it is not, each stop’s coverage, and for a serviceable route the distance and the indicative charge (what a quote would charge now, the collection fee included; not binding). Each location is exactly one of latitude/longitude, a pincode or a DIGIPIN. A pincode is an area: its answer has coverageBasis "pincode" and is not an address check (confirm with coordinates or a DIGIPIN at checkout). A coordinate route answered serviceable is quotable with the same inputs while zoneCatalogVersion is unchanged. Structural errors fail the request (400 naming the path); an unknown pincode or an invalid DIGIPIN is that item’s reason. Creates nothing and spends no quote: counts against the checks limit (60 a minute).
         *
         *     Rate limit group `checks`: 60 requests a minute per store, shared by its keys.
         */
        post: operations["checkServiceability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/job-quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a quote
         * @description Prices a pickup-to-drop route. Both stops must lie in one supported delivery zone. The quote is valid for five minutes and can be booked once.
         *
         *     Rate limit group `quotes`: 10 requests a minute per store, shared by its keys.
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs
         * @description The store’s jobs, newest first, optionally of one status, created in a range (`createdFrom` included, `createdTo` excluded), waiting for your decision (`needsDecision=true`), or of one order id (`externalOrderId`, on its own). Filters combine, except `externalOrderId` with any other and `needsDecision` with `status` (400). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Book a quoted delivery
         * @description Books an unexpired, unused quote of the store, reserving its charge from available credit. Send a unique Idempotency-Key: repeating the request with the same key and the same (normalised) details returns the existing job with 200; the same key with other details is 409. After an uncertain outcome (a timeout), retry with the same key and payload.
         *
         *     Rate limit group `bookings`: 10 requests a minute per store, shared by its keys.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job details
         * @description The job with its status history, rider location (during an active assignment) and handoff verification; for cash on delivery, its payment (`collection`: the example is a job whose customer paid by UPI at the door, before the delivery code). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a job’s contacts and instructions
         * @description Changes any non-empty subset of pickupName, pickupPhone, pickupInstructions, dropName, dropPhone and dropInstructions, with the booking’s rules (phones normalised; null clears an instruction). The pickup’s fields change until the parcel is picked up, the drop’s until the job ends; otherwise 409 job_not_editable with `details: {fields, status}`. The rider sees the new details on their next read, and the change writes a `job.updated` event naming the changed fields. An edit that changes nothing writes nothing. Send `If-Match` with the ETag of GET /v1/jobs/{id} to apply the edit only to that version: 412 precondition_failed when the job changed since (any change: a rider’s move too). Without If-Match, an edit that meets another change of the job is decided again on the job as it now is. Counts against the updates limit.
         *
         *     Rate limit group `updates`: 30 requests a minute per store, shared by its keys.
         */
        patch: operations["editJob"];
        trace?: never;
    };
    "/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job
         * @description Cancels the job while its state allows (created, queued, picked_by_agent, booking_in_progress, booked) and releases its reservation. After pickup the parcel must be returned first (409 parcel_return_required); finished jobs cannot be cancelled (400). A cancel that meets another change of the job (dispatch, a timeout, a rider) is decided again on the job as it now is, never answered 409 concurrent_modification. Counts against the cancellation limit.
         *
         *     Rate limit group `cancellations`: 10 requests a minute per store, shared by its keys.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide after a failed delivery attempt
         * @description After the rider’s first failed attempt at the drop (`job.delivery_attempted`), the job waits for this decision (`pendingDecision`): `reattempt` sends the rider to the drop again with a fresh delivery code (the job stays pickup_completed); `return` sends the parcel back to the pickup: the job becomes failed, the delivery’s charge is captured and the return charge (`returnTrip.chargeMinor`) is reserved. Without a decision by `pendingDecision.deadlineAt` (10 minutes; 60 s for sandbox jobs) the default, `return`, is applied. The deadline is exact: a decision after `deadlineAt` is 409 decision_deadline_passed (`details.defaultAction`), and the default applies (this request applies it if no worker has yet). 409 no_decision_pending when the job waits for no decision (none was asked for, it was already made, or the default was applied first). A decision that meets another change of the job is decided again on the job as it now is. An Idempotency-Key header is not read (as for a cancel): repeating a decision that was made answers 409 no_decision_pending. Counts against the updates limit.
         *
         *     Rate limit group `updates`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["decideDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recall a picked-up parcel
         * @description Brings a picked-up parcel back to the pickup (the job is pickup_completed): the job becomes cancelled, the delivery’s charge is captured (the rider carried it) and the return trip starts (`returnTrip`, reason `recalled`), its charge reserved; the store gives the rider the return code (`returnTrip.verification.code`) when the parcel is back, and the return charge is captured then. If the store’s available credit cannot cover the return charge, the parcel still comes back and operations settle the charge. Before pickup there is no parcel to bring back: 409 parcel_not_picked_up (cancel is the call); a job that has ended otherwise (or whose parcel is already on its way back) is 409 invalid_transition. Takes no body. A recall that meets another change of the job is decided again on the job as it now is. An Idempotency-Key header is not read (as for a cancel). Counts against the cancellation limit.
         *
         *     Rate limit group `cancellations`: 10 requests a minute per store, shared by its keys.
         */
        post: operations["recallJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/tracking-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the job’s tracking page
         * @description A new link to a public page where the person receiving the parcel follows it: the store’s name, the status with times, a map of the rider, the pickup and the drop, the delivery code while the rider is bringing the parcel, in English or Hindi. The page shows no phone number, no address beyond the drop’s area (locality and city, never the house number or street) and no price, and refreshes itself every 15 s. Each call makes a new link (an unguessable token of 192 bits); earlier links keep working. Every link stops working 24 h after the job ends; a job that ended longer ago than that answers 409 `tracking_closed`. The job itself is unchanged. Takes no body. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        post: operations["createTrackingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store’s statement
         * @description Every movement of the store’s prepaid credit, newest first: top-ups, reservations for booked jobs, their release (cancelled or failed) or capture (delivered), cash-on-delivery remittances (`cod_remittance`: the payments a remittance carries, credited to the balance; GET /v1/remittances), with the store’s balance and reserved credit right after each. The newest entry’s figures are those of GET /v1/balance. `jobId` shows one job’s entries (a page may then hold fewer than `limit` while `hasMore` is true). With `Accept: text/csv` the same page comes as CSV (a header row; amounts in paise and in rupees), its next cursor in `Link` and `X-Next-Cursor`. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remittances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cash-on-delivery remittances
         * @description The cash riders collected for the store’s cash-on-delivery jobs, credited to its prepaid credit in cycles, newest first. A live store’s cycle closes at a daily cut-off (18:00 IST by default, the same for every store of the deployment): the payments collected before it make one remittance, credited within a minute of the cut-off; a sandbox store’s payments are remitted at once. Each remittance credits the whole collected amount (the collection fee was part of the job’s charge) as one `cod_remittance` entry of the statement (GET /v1/ledger). Bank payouts are not part of this API: the amount becomes prepaid credit. With `Accept: text/csv` the same page comes as CSV (a header row; amounts in paise and in rupees), its next cursor in `Link` and `X-Next-Cursor`. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listRemittances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/remittances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A remittance and its payments
         * @description One of the store’s remittances with `lines`, the payments it carries (each job, the amount collected, when). 404 `remittance_not_found` for an id the store has no remittance under. With `Accept: text/csv`, the lines as CSV (a header row, one row per payment). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getRemittance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The store’s events, oldest first, after a cursor: every status change of a job (`job.<status>`), every settlement change (`job.settlement_changed`), every edit of a job’s contacts or instructions (`job.updated`), a rider’s failed delivery attempt (`job.delivery_attempted`), a return trip’s start and end (`job.return_started`, then `job.returned`, or `job.return_failed` for a parcel lost on the way back), a cash-on-delivery payment’s change (`job.collection_updated`), a remittance credited to your balance (`remittance.created`) and a rider’s location at most every 30 s (`job.location_updated`), kept 30 days. Store `nextCursor` and call again with `after=<nextCursor>`: you never miss or repeat an event. An event appears here a moment after its change (within a few seconds), in the order the feed received it; `sequence` orders one job’s events. With `jobId` or `type`, a page can hold fewer than `limit` events while `hasMore` is true: keep following `nextCursor`. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event
         * @description One of the store’s events, by its id (the `webhook-id` of its deliveries). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The store’s endpoints, oldest first (no secrets). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events of the store are POSTed to the URL, signed the Standard Webhooks way (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with any Standard Webhooks library and the `secret`, shown only in this answer and on rotation). A 2xx within 10 s is success; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Delivery is at least once. A job’s events reach each endpoint in `sequence` order at their first attempt; retries may arrive later and out of order. Act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than the copy you keep. At most 5 endpoints a store.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint
         * @description One of the store’s endpoints (no secret). Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Removes the endpoint; deliveries waiting for it are dropped.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint’s secret
         * @description Gives the endpoint a new secret, shown only in this answer. For 24 hours deliveries carry two signatures, one with the new secret and one with the old, so a receiver can switch over without losing any; then only the new one. Only the secret that was current keeps signing: rotating again within the 24 hours ends the older one at once, so a delivery never carries more than two signatures.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a `webhook_endpoint.test` event (`data.endpoint`: the endpoint) to this endpoint only, whatever event types it takes: signed like every delivery and shown in its delivery log. To an enabled endpoint it is retried on failure like any event; to a disabled one it is sent once, as a redelivery by hand, and a success enables the endpoint again. The event is not listed in GET /v1/events (it changed nothing); GET /v1/events/{id} shows it. One test event per endpoint every 10 seconds: sooner is 429 `rate_limited` with `Retry-After`.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["sendTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint’s delivery log
         * @description Every attempt to deliver an event to the endpoint, newest first: the event, the attempt’s number, its outcome, the receiver’s status, the error, how long it took and when the next attempt is due. Kept 30 days. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description Sends the event again now, once (no retries): to one endpoint (`endpointId`), or without a body to every enabled endpoint that takes its type. A delivery by hand that succeeds to a disabled endpoint enables it again. One event is sent to one endpoint by hand once a minute at most: sooner, a named endpoint is 429 `redelivery_limited` (with `Retry-After`), and a redelivery to every endpoint leaves such endpoints out (429 if that leaves none). 409 `no_subscribed_endpoint` when no enabled endpoint takes the event’s type.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store’s API keys
         * @description Every key of the store the session acts for, newest first, never their secrets: name, first characters, status (a rolled key is `expiring` until its `expiresAt`, then `revoked`), and the IST date of its last use. Console sessions only: called with an API key it answers 403 `session_required` (a leaked key cannot mint keys). Send the session’s access token in `X-Api-Key`. Counts against the read limit.
         *
         *     Rate limit group `reads`: 60 requests a minute per store, shared by its keys.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Make an API key
         * @description A new key with this name; its `secret` is in this answer only. A store has at most 10 keys active or expiring: one more is 409 `key_limit_reached` (revoke one first). Console sessions only: called with an API key it answers 403 `session_required` (a leaked key cannot mint keys). Send the session’s access token in `X-Api-Key`.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll an API key
         * @description A new key with the old one’s name (its `secret` in this answer only); the old key becomes `expiring` and keeps working until now + `expiresInSeconds` (0: revoked at once), so an integration can switch over. Only an active key rolls: an expiring or revoked one is 409 `api_key_not_active`; one that would leave more than 10 keys active or expiring, 409 `key_limit_reached`; another store’s key or an unknown id, 404 `api_key_not_found`. Console sessions only: called with an API key it answers 403 `session_required` (a leaked key cannot mint keys). Send the session’s access token in `X-Api-Key`.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["rollApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Revokes the key now: its next request is 401. Revoking a revoked key answers it as it is. Another store’s key or an unknown id: 404 `api_key_not_found`. Console sessions only: called with an API key it answers 403 `session_required` (a leaked key cannot mint keys). Send the session’s access token in `X-Api-Key`.
         *
         *     Rate limit group `webhooks`: 30 requests a minute per store, shared by its keys.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "job.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.created event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.queued event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobQueuedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.picked_by_agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.picked_by_agent event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobPickedByAgentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.booking_in_progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.booking_in_progress event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobBookingInProgressWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.booked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.booked event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobBookedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.pickup_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.pickup_completed event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobPickupCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.delivered event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobDeliveredWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.failed event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.cancelled event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobCancelledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.settlement_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.settlement_changed event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobSettlementChangedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.updated event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.delivery_attempted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.delivery_attempted event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobDeliveryAttemptedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.return_started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.return_started event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobReturnStartedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.returned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.returned event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobReturnedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.return_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.return_failed event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobReturnFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.collection_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.collection_updated event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobCollectionUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.location_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job.location_updated event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["jobLocationUpdatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A webhook_endpoint.disabled event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["webhookEndpointDisabledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "remittance.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A remittance.created event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["remittanceCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A webhook_endpoint.test event
         * @description POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.
         */
        post: operations["webhookEndpointTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ServiceabilityRequest: {
            items: {
                /** @description Your reference for the item (1–64 characters), echoed in its result. */
                ref?: string;
                /** @description The pickup of a route; without it the item is a point check (“do you deliver here?”). */
                pickup?: {
                    latitude?: number;
                    longitude?: number;
                    /** @description An India Post pincode (6 digits, the first not 0). An area, not a point: answered from the pincode table, coverageBasis "pincode". */
                    pincode?: string;
                    /** @description India Post’s DIGIPIN (10 characters, hyphens optional, letters in either case): the centre of its 4 m cell. One that does not decode is the item’s reason invalid_digipin. */
                    digipin?: string;
                };
                /** @description A stop: exactly one of latitude and longitude (both), a pincode, or a DIGIPIN; none or several is 400 `items[i].drop: give exactly one of latitude/longitude, pincode, digipin`. */
                drop: {
                    latitude?: number;
                    longitude?: number;
                    /** @description An India Post pincode (6 digits, the first not 0). An area, not a point: answered from the pincode table, coverageBasis "pincode". */
                    pincode?: string;
                    /** @description India Post’s DIGIPIN (10 characters, hyphens optional, letters in either case): the centre of its 4 m cell. One that does not decode is the item’s reason invalid_digipin. */
                    digipin?: string;
                };
            }[];
            /** @description Cash on delivery: the amount (integer paise) the rider collects from the customer before handing the parcel over, in cash or by UPI. At most the zone’s limit (GET /v1/rate-card; 422 collection_limit_exceeded with details.maxCollectMinor; 422 collection_not_available where the zone collects none). The quote’s chargeMinor then includes the zone’s collection fee; the job shows both (`collection`). Collected amounts are credited to your prepaid credit by remittance (GET /v1/remittances). */
            collectMinor?: number;
            packageWeightGrams?: number;
        };
        QuoteRequest: {
            pickupAddress: string;
            pickupCity?: string;
            pickupPincode?: string;
            pickupLatitude: number;
            pickupLongitude: number;
            dropAddress: string;
            dropCity?: string;
            dropPincode?: string;
            dropLatitude: number;
            dropLongitude: number;
            packageDescription?: string;
            packageWeightGrams?: number;
            packageValueMinor?: number;
            /** @description Cash on delivery: the amount (integer paise) the rider collects from the customer before handing the parcel over, in cash or by UPI. At most the zone’s limit (GET /v1/rate-card; 422 collection_limit_exceeded with details.maxCollectMinor; 422 collection_not_available where the zone collects none). The quote’s chargeMinor then includes the zone’s collection fee; the job shows both (`collection`). Collected amounts are credited to your prepaid credit by remittance (GET /v1/remittances). */
            collectMinor?: number;
        };
        BookingRequest: {
            /** Format: uuid */
            quoteId: string;
            externalOrderId: string;
            pickupName: string;
            /** @description Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX. */
            pickupPhone: string;
            dropName: string;
            /** @description Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX. */
            dropPhone: string;
            /** @description Free text for the rider, 1–280 characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; hidden characters (control, bidi, tag and invisible formatting characters; ZWJ and ZWNJ are kept) are refused. Never shown on the tracking page. */
            pickupInstructions?: string;
            /** @description Free text for the rider, 1–280 characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; hidden characters (control, bidi, tag and invisible formatting characters; ZWJ and ZWNJ are kept) are refused. Never shown on the tracking page. */
            dropInstructions?: string;
        };
        JobEditRequest: {
            pickupName?: string;
            /** @description Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX. */
            pickupPhone?: string;
            pickupInstructions?: string | null;
            dropName?: string;
            /** @description Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX. */
            dropPhone?: string;
            dropInstructions?: string | null;
        };
        DecisionRequest: {
            /**
             * @description `reattempt`: the rider tries the drop again (with a fresh delivery code); `return`: the parcel goes back to the pickup.
             * @enum {string}
             */
            action: "reattempt" | "return";
        };
        WebhookEndpointRequest: {
            /**
             * Format: uri
             * @description Where events are POSTed: `https` only, no credentials in the URL, at most 2,048 characters, a host with public addresses only (checked again at each send; redirects are not followed).
             * @example https://shop.example.in/hooks/delivery
             */
            url: string;
            /** @description The event types to receive; leave it out for every type (including types added later). */
            eventTypes?: ("job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test")[];
            description?: string | null;
        };
        RedeliverRequest: {
            endpointId?: string;
        };
        ApiKeyRequest: {
            /** @description What the key is for (1 to 64 characters), shown in the list. */
            name: string;
        };
        RollApiKeyRequest: {
            /**
             * @description How long the old key keeps working beside the new one, in seconds (0: revoked at once; at most 604,800, 7 days).
             * @example 86400
             */
            expiresInSeconds: number;
        };
        BalanceResponse: {
            data: {
                apiEnabled: boolean;
                balanceMinor: number;
                reservedMinor: number;
                availableMinor: number;
                /** @constant */
                currency: "INR";
            };
        };
        StoreResponse: {
            data: {
                /** @description The store’s id (the key’s store). */
                id: string;
                name: string;
                /** @description true for a live store (`mdk_live_` keys), false for a sandbox store (`mdk_test_` keys). */
                livemode: boolean;
                /** @description Whether the store’s API access is on (when off, every key of the store is refused with 401). */
                apiEnabled: boolean;
                /** @description The live store’s linked sandbox twin, or null when it has none (and on a sandbox store). */
                testStoreId: string | null;
                /** @description Requests a minute this store may make in each rate-limit group, its agreed limits applied (the route table names each route’s group). */
                rateLimits: {
                    [key: string]: number;
                };
            };
        };
        CodSummaryResponse: {
            data: {
                collectedMinor: number;
                awaitingRemittanceMinor: number;
                awaitingVerificationMinor: number;
                remittedMinor: number;
                nextRemittanceAt: string | null;
            };
        };
        ZoneCollectionResponse: {
            data: {
                /** @constant */
                type: "FeatureCollection";
                features: {
                    /** @constant */
                    type: "Feature";
                    id: string;
                    geometry: {
                        /** @constant */
                        type: "Polygon";
                        coordinates: [
                            number,
                            number
                        ][][];
                    } | {
                        /** @constant */
                        type: "MultiPolygon";
                        coordinates: [
                            number,
                            number
                        ][][][];
                    };
                    properties: {
                        name: string;
                        version: number;
                        active: boolean;
                        maxRouteMeters: number;
                        collection: {
                            /** @description The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded). */
                            maxCollectMinor: number;
                            /** @description The collection fee, in hundredths of a percent of the amount collected (200 = 2 %). */
                            feeBasisPoints: number;
                            /** @description The smallest collection fee; every fee is rounded up to a whole rupee. */
                            minFeeMinor: number;
                        } | null;
                    };
                }[];
            };
        };
        ZoneFeatureResponse: {
            data: {
                /** @constant */
                type: "Feature";
                id: string;
                geometry: {
                    /** @constant */
                    type: "Polygon";
                    coordinates: [
                        number,
                        number
                    ][][];
                } | {
                    /** @constant */
                    type: "MultiPolygon";
                    coordinates: [
                        number,
                        number
                    ][][][];
                };
                properties: {
                    name: string;
                    version: number;
                    active: boolean;
                    maxRouteMeters: number;
                    collection: {
                        /** @description The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded). */
                        maxCollectMinor: number;
                        /** @description The collection fee, in hundredths of a percent of the amount collected (200 = 2 %). */
                        feeBasisPoints: number;
                        /** @description The smallest collection fee; every fee is rounded up to a whole rupee. */
                        minFeeMinor: number;
                    } | null;
                };
            };
        };
        QuoteResponse: {
            data: {
                /** Format: uuid */
                id: string;
                distanceMeters: number;
                chargeMinor: number;
                /** Format: date-time */
                expiresAt: string;
                /** @constant */
                currency: "INR";
                /** @constant */
                provider: "service_fleet";
            };
        };
        JobDetailResponse: {
            data: {
                /** Format: uuid */
                id: string;
                externalOrderId: string | null;
                /** @enum {string} */
                status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                agentId: string | null;
                dropName: string;
                dropAddress: string;
                dropCity: string | null;
                dropPincode: string | null;
                dropPhone: string;
                packageDescription: string | null;
                chargeMinor: number | null;
                settlement: ("reserved" | "review" | "captured" | "released") | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                pickupName: string | null;
                pickupAddress: string;
                pickupCity: string | null;
                pickupPincode: string | null;
                pickupPhone: string | null;
                pickupLatitude: number | null;
                pickupLongitude: number | null;
                dropLatitude: number | null;
                dropLongitude: number | null;
                packageWeight: string | null;
                packageWeightGrams: number | null;
                packageValue: number | null;
                packageValueMinor: number | null;
                pickupInstructions: string | null;
                dropInstructions: string | null;
                riderLocation: {
                    latitude: number;
                    longitude: number;
                    accuracy: number | null;
                    /** Format: date-time */
                    recordedAt: string;
                } | null;
                events: {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    actor: string | null;
                    note: string | null;
                    /** Format: date-time */
                    createdAt: string;
                }[];
                verification: {
                    testMode: boolean;
                    pickup: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        code: string | null;
                        expiresAt: string | null;
                        verifiedAt: string | null;
                    };
                    delivery: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        code: string | null;
                        expiresAt: string | null;
                        verifiedAt: string | null;
                    };
                };
                /** @description The rider’s failed attempts to deliver, oldest first; [] when none. */
                deliveryAttempts: {
                    number: number;
                    /** @enum {string} */
                    reason: "customer_unreachable" | "customer_refused" | "address_not_found" | "customer_rescheduled" | "unsafe_location" | "payment_refused";
                    note: string | null;
                    /** Format: date-time */
                    createdAt: string;
                }[];
                pendingDecision: {
                    options: ("reattempt" | "return")[];
                    /** Format: date-time */
                    deadlineAt: string;
                    /** @enum {string} */
                    defaultAction: "reattempt" | "return";
                } | null;
                returnTrip: {
                    /** @enum {string} */
                    reason: "undeliverable" | "recalled";
                    /** @enum {string} */
                    status: "returning" | "returned" | "failed";
                    chargeMinor: number;
                    /** Format: date-time */
                    startedAt: string;
                    returnedAt: string | null;
                    verification: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        code: string | null;
                        expiresAt: string | null;
                        verifiedAt: string | null;
                    };
                } | null;
                collection: {
                    amountMinor: number;
                    feeMinor: number;
                    /** @enum {string} */
                    status: "due" | "collected" | "not_collected";
                    method: ("cash" | "upi") | null;
                    reference: string | null;
                    collectedAt: string | null;
                    remittanceId: string | null;
                    verifiedAt: string | null;
                } | null;
            };
        };
        TrackingLinkResponse: {
            data: {
                /**
                 * Format: uri
                 * @description The page’s address, for the customer (by SMS or WhatsApp). Its token is shown only here; anyone with the link sees the page.
                 */
                url: string;
                /** @description When the link stops working: 24 h after the job ends. Null while the job is live (the link works until then). */
                expiresAt: string | null;
            };
        };
        RemittanceResponse: {
            data: {
                id: string;
                /**
                 * @description `pending` for a moment while its payments are gathered, then `credited`: its amount is in your balance.
                 * @enum {string}
                 */
                status: "pending" | "credited";
                /** @description The whole amount the riders collected for its jobs, credited to your balance. */
                amountMinor: number;
                jobCount: number;
                /**
                 * Format: date-time
                 * @description The start of the cycle: the cut-off before it (a sandbox store: its first payment).
                 */
                periodStart: string;
                /**
                 * Format: date-time
                 * @description The daily cut-off (IST) that closed the cycle: payments collected before it (a sandbox store: the moment it was remitted).
                 */
                periodEnd: string;
                /** Format: date-time */
                createdAt: string;
                creditedAt: string | null;
                /** @description The `cod_remittance` entry of your statement (GET /v1/ledger) that credited it; null while pending. */
                ledgerEntryId: string | null;
                lines: {
                    /** Format: uuid */
                    jobId: string;
                    amountMinor: number;
                    /** Format: date-time */
                    collectedAt: string;
                }[];
            };
        };
        EventResponse: {
            data: components["schemas"]["Event"];
        };
        CreatedWebhookEndpointResponse: {
            data: {
                id: string;
                url: string;
                /** @description The event types it receives; null: every type. */
                eventTypes: ("job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test")[] | null;
                description: string | null;
                /** @enum {string} */
                status: "enabled" | "disabled";
                /** Format: date-time */
                createdAt: string;
                /** @description The signing secret (`whsec_…`), shown only here: keep it safe. Verify deliveries with it (Standard Webhooks). */
                secret: string;
            };
        };
        WebhookEndpointResponse: {
            data: {
                id: string;
                url: string;
                /** @description The event types it receives; null: every type. */
                eventTypes: ("job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test")[] | null;
                description: string | null;
                /** @enum {string} */
                status: "enabled" | "disabled";
                /** Format: date-time */
                createdAt: string;
            };
        };
        DeletedWebhookEndpointResponse: {
            data: {
                id: string;
                /** @constant */
                deleted: true;
            };
        };
        RotatedSecretResponse: {
            data: {
                /** @description The signing secret (`whsec_…`), shown only here: keep it safe. Verify deliveries with it (Standard Webhooks). */
                secret: string;
            };
        };
        TestEventResponse: {
            data: {
                eventId: string;
            };
        };
        RedeliverResponse: {
            data: {
                eventId: string;
                endpointIds: string[];
            };
        };
        ApiKeyListResponse: {
            data: {
                id: string;
                /** @description Its name; null for keys made by the platform team without one. */
                name: string | null;
                /** @description Its first 13 characters (`mdk_live_AbCd`), to recognise it by; null for keys made before these were kept. */
                prefix: string | null;
                /**
                 * @description `expiring`: rolled, it works until `expiresAt`; `revoked`: revoked, or past its `expiresAt` (then `revokedAt` is that instant).
                 * @enum {string}
                 */
                status: "active" | "expiring" | "revoked";
                /** Format: date-time */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description When a rolled key stops working; null until rolled.
                 */
                expiresAt: string | null;
                /** Format: date-time */
                revokedAt: string | null;
                /**
                 * Format: date
                 * @description The date in India (IST) of its last use, recorded once a day at most; null before its first.
                 */
                lastUsedOn: string | null;
            }[];
        };
        CreatedApiKeyResponse: {
            data: {
                id: string;
                /** @description Its name; null for keys made by the platform team without one. */
                name: string | null;
                /** @description Its first 13 characters (`mdk_live_AbCd`), to recognise it by; null for keys made before these were kept. */
                prefix: string | null;
                /**
                 * @description `expiring`: rolled, it works until `expiresAt`; `revoked`: revoked, or past its `expiresAt` (then `revokedAt` is that instant).
                 * @enum {string}
                 */
                status: "active" | "expiring" | "revoked";
                /** Format: date-time */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description When a rolled key stops working; null until rolled.
                 */
                expiresAt: string | null;
                /** Format: date-time */
                revokedAt: string | null;
                /**
                 * Format: date
                 * @description The date in India (IST) of its last use, recorded once a day at most; null before its first.
                 */
                lastUsedOn: string | null;
                /** @description The key itself (`X-Api-Key`): shown once, never again. */
                secret: string;
            };
        };
        RolledApiKeyResponse: {
            data: {
                id: string;
                /** @description Its name; null for keys made by the platform team without one. */
                name: string | null;
                /** @description Its first 13 characters (`mdk_live_AbCd`), to recognise it by; null for keys made before these were kept. */
                prefix: string | null;
                /**
                 * @description `expiring`: rolled, it works until `expiresAt`; `revoked`: revoked, or past its `expiresAt` (then `revokedAt` is that instant).
                 * @enum {string}
                 */
                status: "active" | "expiring" | "revoked";
                /** Format: date-time */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description When a rolled key stops working; null until rolled.
                 */
                expiresAt: string | null;
                /** Format: date-time */
                revokedAt: string | null;
                /**
                 * Format: date
                 * @description The date in India (IST) of its last use, recorded once a day at most; null before its first.
                 */
                lastUsedOn: string | null;
                /** @description The key itself (`X-Api-Key`): shown once, never again. */
                secret: string;
            };
        };
        RevokedApiKeyResponse: {
            data: {
                id: string;
                /** @description Its name; null for keys made by the platform team without one. */
                name: string | null;
                /** @description Its first 13 characters (`mdk_live_AbCd`), to recognise it by; null for keys made before these were kept. */
                prefix: string | null;
                /**
                 * @description `expiring`: rolled, it works until `expiresAt`; `revoked`: revoked, or past its `expiresAt` (then `revokedAt` is that instant).
                 * @enum {string}
                 */
                status: "active" | "expiring" | "revoked";
                /** Format: date-time */
                createdAt: string;
                /**
                 * Format: date-time
                 * @description When a rolled key stops working; null until rolled.
                 */
                expiresAt: string | null;
                /** Format: date-time */
                revokedAt: string | null;
                /**
                 * Format: date
                 * @description The date in India (IST) of its last use, recorded once a day at most; null before its first.
                 */
                lastUsedOn: string | null;
            };
        };
        RateCardResponse: {
            data: {
                zoneId: string;
                name: string;
                /** @description The zone’s price version; a quote keeps the version it was priced at. */
                version: number;
                /** @description The longest route the zone serves (estimated road distance). */
                maxRouteMeters: number;
                /** @description The fare of a route up to `includedMeters`. */
                baseFareMinor: number;
                includedMeters: number;
                /** @description Each kilometre past `includedMeters`, charged pro rata. */
                perKmMinor: number;
                /** @description Added to the fare for a parcel up to `upToGrams` (the first slab that holds its weight), ascending. */
                weightSlabs: {
                    upToGrams: number;
                    surchargeMinor: number;
                }[];
                /** @description A return trip’s charge as a share of the delivery’s charge (without any collection fee), in percent. */
                returnChargePercent: number;
                /** @description Cash on delivery; null: the zone collects none (422 collection_not_available). */
                collection: {
                    /** @description The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded). */
                    maxCollectMinor: number;
                    /** @description The collection fee, in hundredths of a percent of the amount collected (200 = 2 %). */
                    feeBasisPoints: number;
                    /** @description The smallest collection fee; every fee is rounded up to a whole rupee. */
                    minFeeMinor: number;
                } | null;
            }[];
        };
        ServiceabilityResponse: {
            data: {
                /** @description The item’s ref; null when it gave none. */
                ref: string | null;
                /**
                 * @description serviceable: no reason; partially_serviceable: only *_partially_covered (a pincode some of whose known points are outside); not_serviceable: any other reason.
                 * @enum {string}
                 */
                status: "serviceable" | "partially_serviceable" | "not_serviceable";
                /** @description The active zones, by id, in which every stop is at least partly covered. */
                zoneIds: string[];
                /** @description Every reason that applies, in this order: pickup_outside_service_area, drop_outside_service_area, pickup_partially_covered, drop_partially_covered, different_zones, route_too_long, unknown_pincode, invalid_digipin, collection_not_available, collection_limit_exceeded, weight_limit_exceeded. Empty when serviceable. */
                reasons: ("pickup_outside_service_area" | "drop_outside_service_area" | "pickup_partially_covered" | "drop_partially_covered" | "different_zones" | "route_too_long" | "unknown_pincode" | "invalid_digipin" | "collection_not_available" | "collection_limit_exceeded" | "weight_limit_exceeded")[];
                /** @description Each stop’s best coverage over the active zones: full, partial (a pincode partly inside) or none; pickup only for a route. */
                coverage: {
                    /** @enum {string} */
                    pickup?: "full" | "partial" | "none";
                    /** @enum {string} */
                    drop: "full" | "partial" | "none";
                };
                /**
                 * @description pincode when any stop was given as a pincode (an area: not an address check), else exact.
                 * @enum {string}
                 */
                coverageBasis: "exact" | "pincode";
                /** @description Each stop’s point as given or decoded from its DIGIPIN; null for a pincode or an invalid DIGIPIN; pickup only for a route. */
                location: {
                    pickup?: {
                        latitude: number;
                        longitude: number;
                    } | null;
                    drop: {
                        latitude: number;
                        longitude: number;
                    } | null;
                };
                /** @description The route’s distance as a quote measures it: for a serviceable route, else null. */
                distanceMeters: number | null;
                /** @description What a quote would charge now (integer paise, the collection fee included), not binding: for a serviceable route, else null. */
                indicativeChargeMinor: number | null;
            }[];
            /**
             * Format: date-time
             * @description When the items were checked.
             */
            checkedAt: string;
            /** @description The zones the answer was made from: while it is unchanged, a coordinate route answered serviceable is quotable with the same inputs. */
            zoneCatalogVersion: string;
        };
        JobListResponse: {
            data: {
                /** Format: uuid */
                id: string;
                externalOrderId: string | null;
                /** @enum {string} */
                status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                agentId: string | null;
                dropName: string;
                dropAddress: string;
                dropCity: string | null;
                dropPincode: string | null;
                dropPhone: string;
                packageDescription: string | null;
                chargeMinor: number | null;
                settlement: ("reserved" | "review" | "captured" | "released") | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            }[];
            limit: number;
            offset: number;
        };
        StatementResponse: {
            data: {
                id: string;
                /** @enum {string} */
                type: "top_up" | "reserve" | "release" | "capture" | "adjustment" | "cod_remittance";
                /** @description What the entry moved, in paise: the top-up, the reservation, its release or its capture, a cash-on-delivery remittance (positive); an adjustment’s signed change. */
                amountMinor: number;
                /** @description The store’s balance right after this entry. */
                balanceMinor: number;
                /** @description The store’s reserved credit right after this entry. */
                reservedMinor: number;
                jobId: string | null;
                note: string | null;
                /** Format: date-time */
                createdAt: string;
            }[];
            nextCursor: string | null;
            hasMore: boolean;
        };
        RemittanceListResponse: {
            data: {
                id: string;
                /**
                 * @description `pending` for a moment while its payments are gathered, then `credited`: its amount is in your balance.
                 * @enum {string}
                 */
                status: "pending" | "credited";
                /** @description The whole amount the riders collected for its jobs, credited to your balance. */
                amountMinor: number;
                jobCount: number;
                /**
                 * Format: date-time
                 * @description The start of the cycle: the cut-off before it (a sandbox store: its first payment).
                 */
                periodStart: string;
                /**
                 * Format: date-time
                 * @description The daily cut-off (IST) that closed the cycle: payments collected before it (a sandbox store: the moment it was remitted).
                 */
                periodEnd: string;
                /** Format: date-time */
                createdAt: string;
                creditedAt: string | null;
                /** @description The `cod_remittance` entry of your statement (GET /v1/ledger) that credited it; null while pending. */
                ledgerEntryId: string | null;
            }[];
            nextCursor: string | null;
            hasMore: boolean;
        };
        EventListResponse: {
            data: components["schemas"]["Event"][];
            nextCursor: string;
            hasMore: boolean;
        };
        WebhookEndpointListResponse: {
            data: {
                id: string;
                url: string;
                /** @description The event types it receives; null: every type. */
                eventTypes: ("job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test")[] | null;
                description: string | null;
                /** @enum {string} */
                status: "enabled" | "disabled";
                /** Format: date-time */
                createdAt: string;
            }[];
        };
        DeliveryListResponse: {
            data: {
                eventId: string;
                attempt: number;
                /** @enum {string} */
                outcome: "succeeded" | "failed";
                responseStatus: number | null;
                error: string | null;
                durationMs: number;
                /** Format: date-time */
                attemptedAt: string;
                /** @description When it is tried again; null when it succeeded, was the last try, or was sent by hand. */
                nextAttemptAt: string | null;
            }[];
            nextCursor: string | null;
            hasMore: boolean;
        };
        ZoneFeatureCollection: {
            /** @constant */
            type: "FeatureCollection";
            features: {
                /** @constant */
                type: "Feature";
                id: string;
                geometry: {
                    /** @constant */
                    type: "Polygon";
                    coordinates: [
                        number,
                        number
                    ][][];
                } | {
                    /** @constant */
                    type: "MultiPolygon";
                    coordinates: [
                        number,
                        number
                    ][][][];
                };
                properties: {
                    name: string;
                    version: number;
                    active: boolean;
                    maxRouteMeters: number;
                    collection: {
                        /** @description The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded). */
                        maxCollectMinor: number;
                        /** @description The collection fee, in hundredths of a percent of the amount collected (200 = 2 %). */
                        feeBasisPoints: number;
                        /** @description The smallest collection fee; every fee is rounded up to a whole rupee. */
                        minFeeMinor: number;
                    } | null;
                };
            }[];
        };
        ZoneFeature: {
            /** @constant */
            type: "Feature";
            id: string;
            geometry: {
                /** @constant */
                type: "Polygon";
                coordinates: [
                    number,
                    number
                ][][];
            } | {
                /** @constant */
                type: "MultiPolygon";
                coordinates: [
                    number,
                    number
                ][][][];
            };
            properties: {
                name: string;
                version: number;
                active: boolean;
                maxRouteMeters: number;
                collection: {
                    /** @description The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded). */
                    maxCollectMinor: number;
                    /** @description The collection fee, in hundredths of a percent of the amount collected (200 = 2 %). */
                    feeBasisPoints: number;
                    /** @description The smallest collection fee; every fee is rounded up to a whole rupee. */
                    minFeeMinor: number;
                } | null;
            };
        };
        /** @description Every error status answers with this body. Codes by status — 400: validation_error, invalid_json, not_cancellable; 401: unauthorized, login_link_invalid, session_expired, session_revoked; 403: forbidden, console_header_required, api_access_disabled, session_required; 404: not_found, quote_not_found, job_not_found, event_not_found, webhook_endpoint_not_found, remittance_not_found, rider_not_found, zone_not_found, api_key_not_found; 405: method_not_allowed; 409: quote_expired, quote_used, zone_changed, idempotency_conflict, idempotency_in_progress, concurrent_modification, parcel_return_required, invalid_transition, rider_at_capacity, endpoint_limit_reached, key_limit_reached, api_key_not_active, no_subscribed_endpoint, tracking_closed, handoff_locked, code_expired, job_not_editable, parcel_not_picked_up, no_decision_pending, decision_deadline_passed, collection_amount_mismatch, collection_pending, upi_reference_used, cash_limit_exceeded, deposit_exceeds_cash_in_hand, deposit_receipt_used, no_test_store, no_live_store; 412: precondition_failed; 413: payload_too_large; 422: outside_service_area, route_too_long, weight_limit_exceeded, insufficient_credit, wrong_code, collection_not_available, collection_limit_exceeded; 429: rate_limited, redelivery_limited; 500: internal_error; 503: service_unavailable. */
        ErrorBody: {
            error: string;
            code: string;
            /** @description What the error names beyond its message. Always carries formErrors and fieldErrors (empty when unused), so a client typed from them never crashes; a refusal’s own keys (the job’s status, the call to make instead, an amount) sit beside them, and new refusals may add keys. */
            details?: {
                /** @description Problems with the request as a whole (empty when none). */
                formErrors: string[];
                /** @description Problems by field: each field sent wrong, with what is wrong with it (empty when none). */
                fieldErrors: {
                    [key: string]: string[];
                };
                /** @description idempotency_conflict: the job the Idempotency-Key already booked. */
                jobId?: string;
                fields?: string[];
                status?: string;
                returnPath?: string;
                cancelPath?: string;
                maxCollectMinor?: number;
                dueMinor?: number;
                collectionPath?: string;
                limitMinor?: number;
                inHandMinor?: number;
                depositId?: string;
                /** @enum {string} */
                defaultAction?: "reattempt" | "return";
                move?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description An event, as the feed lists it and webhooks deliver it: one kind per `type` (see the mapping), each with its own `data`. */
        Event: components["schemas"]["JobEvent"] | components["schemas"]["JobUpdatedEvent"] | components["schemas"]["JobDeliveryAttemptedEvent"] | components["schemas"]["JobReturnEvent"] | components["schemas"]["JobCollectionEvent"] | components["schemas"]["WebhookEndpointEvent"] | components["schemas"]["RemittanceEvent"];
        /** @description A job’s status change (`job.<status>`), settlement change (`job.settlement_changed`) or a rider’s position (`job.location_updated`, at most every 30 s): `data` is `{previousStatus, job}`, the job as GET /v1/jobs lists it, at the change. */
        JobEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.location_updated";
            /** Format: uuid */
            jobId: string;
            /** @description The job’s events counted from 1 with no gaps. */
            sequence: number;
            data: {
                previousStatus: ("created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled") | null;
                job: {
                    /** Format: uuid */
                    id: string;
                    externalOrderId: string | null;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    agentId: string | null;
                    dropName: string;
                    dropAddress: string;
                    dropCity: string | null;
                    dropPincode: string | null;
                    dropPhone: string;
                    packageDescription: string | null;
                    chargeMinor: number | null;
                    settlement: ("reserved" | "review" | "captured" | "released") | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                };
            };
        };
        /** @description The merchant’s edit of a job’s contacts or instructions: `data.changedFields` names the fields it changed (the values are the job detail’s to show). */
        JobUpdatedEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "job.updated";
            /** Format: uuid */
            jobId: string;
            /** @description The job’s events counted from 1 with no gaps. */
            sequence: number;
            data: {
                previousStatus: ("created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled") | null;
                job: {
                    /** Format: uuid */
                    id: string;
                    externalOrderId: string | null;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    agentId: string | null;
                    dropName: string;
                    dropAddress: string;
                    dropCity: string | null;
                    dropPincode: string | null;
                    dropPhone: string;
                    packageDescription: string | null;
                    chargeMinor: number | null;
                    settlement: ("reserved" | "review" | "captured" | "released") | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                };
                changedFields: ("pickupName" | "pickupPhone" | "pickupInstructions" | "dropName" | "dropPhone" | "dropInstructions")[];
            };
        };
        /** @description A rider’s failed delivery attempt: `data.deliveryAttempt` is the new attempt, `data.pendingDecision` the decision it asks for (null after the last attempt: the return starts at once). */
        JobDeliveryAttemptedEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "job.delivery_attempted";
            /** Format: uuid */
            jobId: string;
            /** @description The job’s events counted from 1 with no gaps. */
            sequence: number;
            data: {
                previousStatus: ("created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled") | null;
                job: {
                    /** Format: uuid */
                    id: string;
                    externalOrderId: string | null;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    agentId: string | null;
                    dropName: string;
                    dropAddress: string;
                    dropCity: string | null;
                    dropPincode: string | null;
                    dropPhone: string;
                    packageDescription: string | null;
                    chargeMinor: number | null;
                    settlement: ("reserved" | "review" | "captured" | "released") | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                };
                deliveryAttempt: {
                    number: number;
                    /** @enum {string} */
                    reason: "customer_unreachable" | "customer_refused" | "address_not_found" | "customer_rescheduled" | "unsafe_location" | "payment_refused";
                    note: string | null;
                    /** Format: date-time */
                    createdAt: string;
                };
                pendingDecision: {
                    options: ("reattempt" | "return")[];
                    /** Format: date-time */
                    deadlineAt: string;
                    /** @enum {string} */
                    defaultAction: "reattempt" | "return";
                } | null;
            };
        };
        /** @description A return trip’s start (`job.return_started`) and end (`job.returned`, or `job.return_failed` for a parcel lost on the way back): `data.returnTrip` as the job detail shows it (its return code while it can be used). */
        JobReturnEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "job.return_started" | "job.returned" | "job.return_failed";
            /** Format: uuid */
            jobId: string;
            /** @description The job’s events counted from 1 with no gaps. */
            sequence: number;
            data: {
                previousStatus: ("created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled") | null;
                job: {
                    /** Format: uuid */
                    id: string;
                    externalOrderId: string | null;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    agentId: string | null;
                    dropName: string;
                    dropAddress: string;
                    dropCity: string | null;
                    dropPincode: string | null;
                    dropPhone: string;
                    packageDescription: string | null;
                    chargeMinor: number | null;
                    settlement: ("reserved" | "review" | "captured" | "released") | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                };
                /** @description null unless the parcel goes back to the pickup: undeliverable (after the attempts) or recalled (POST /v1/jobs/{id}/return). `status` is `returning` until the store takes it back (`returned`), or `failed` when it was lost or damaged on the way back (the return charge is then our operations’ to settle). `chargeMinor` is the return charge; `verification` is the return handoff (the store gives the rider its code when the parcel is back). */
                returnTrip: {
                    /** @enum {string} */
                    reason: "undeliverable" | "recalled";
                    /** @enum {string} */
                    status: "returning" | "returned" | "failed";
                    chargeMinor: number;
                    /** Format: date-time */
                    startedAt: string;
                    returnedAt: string | null;
                    verification: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        code: string | null;
                        expiresAt: string | null;
                        verifiedAt: string | null;
                    };
                };
            };
        };
        /** @description A cash-on-delivery payment’s change (collected, not collected, or remitted: `remittanceId`): `data.collection` as the job detail shows it (not inside `data.job`, which is the list’s summary). */
        JobCollectionEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "job.collection_updated";
            /** Format: uuid */
            jobId: string;
            /** @description The job’s events counted from 1 with no gaps. */
            sequence: number;
            data: {
                previousStatus: ("created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled") | null;
                job: {
                    /** Format: uuid */
                    id: string;
                    externalOrderId: string | null;
                    /** @enum {string} */
                    status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                    agentId: string | null;
                    dropName: string;
                    dropAddress: string;
                    dropCity: string | null;
                    dropPincode: string | null;
                    dropPhone: string;
                    packageDescription: string | null;
                    chargeMinor: number | null;
                    settlement: ("reserved" | "review" | "captured" | "released") | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    updatedAt: string;
                };
                /** @description null for a prepaid job. For cash on delivery (`collectMinor` on the quote): `amountMinor` is what the rider collects from the customer, `feeMinor` the collection fee (part of `chargeMinor`). `status` is `due` until the rider records the payment (`collected`, with `method` cash or upi, the UPI `reference`, and `collectedAt`), or `not_collected` when the job ended without it (cancelled, failed, returned: the fee is released). `remittanceId` names the remittance (GET /v1/remittances/{id}) that credited the amount to your credit. `verifiedAt` is when the platform came to stand behind the payment, and only then is it remitted: a cash payment when collected (it is on the rider's cash account); a UPI payment when the platform's receiving account confirmed it, or, unconfirmed after UPI_VERIFY_HOURS (48 h), when the rider who recorded it was charged with it; null until then (and while due). */
                collection: {
                    amountMinor: number;
                    feeMinor: number;
                    /** @enum {string} */
                    status: "due" | "collected" | "not_collected";
                    method: ("cash" | "upi") | null;
                    reference: string | null;
                    collectedAt: string | null;
                    remittanceId: string | null;
                    verifiedAt: string | null;
                };
            };
        };
        /** @description An endpoint disabled after failing deliveries (`webhook_endpoint.disabled`), or a test event asked for with POST /v1/webhook-endpoints/{id}/test (`webhook_endpoint.test`, sent to that endpoint only and not listed in the feed): `data.endpoint`, without its secret. No job: `jobId` and `sequence` are null. */
        WebhookEndpointEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.disabled" | "webhook_endpoint.test";
            jobId: null;
            sequence: null;
            data: {
                endpoint: {
                    id: string;
                    url: string;
                    /** @description The event types it receives; null: every type. */
                    eventTypes: ("job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test")[] | null;
                    description: string | null;
                    /** @enum {string} */
                    status: "enabled" | "disabled";
                    /** Format: date-time */
                    createdAt: string;
                };
            };
        };
        /** @description A remittance credited to your balance: `data.remittance`, as GET /v1/remittances lists it. No job: `jobId` and `sequence` are null. */
        RemittanceEvent: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            livemode: boolean;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "remittance.created";
            jobId: null;
            sequence: null;
            data: {
                remittance: {
                    id: string;
                    /**
                     * @description `pending` for a moment while its payments are gathered, then `credited`: its amount is in your balance.
                     * @enum {string}
                     */
                    status: "pending" | "credited";
                    /** @description The whole amount the riders collected for its jobs, credited to your balance. */
                    amountMinor: number;
                    jobCount: number;
                    /**
                     * Format: date-time
                     * @description The start of the cycle: the cut-off before it (a sandbox store: its first payment).
                     */
                    periodStart: string;
                    /**
                     * Format: date-time
                     * @description The daily cut-off (IST) that closed the cycle: payments collected before it (a sandbox store: the moment it was remitted).
                     */
                    periodEnd: string;
                    /** Format: date-time */
                    createdAt: string;
                    creditedAt: string | null;
                    /** @description The `cod_remittance` entry of your statement (GET /v1/ledger) that credited it; null while pending. */
                    ledgerEntryId: string | null;
                };
            };
        };
    };
    responses: {
        /** @description Invalid JSON, invalid input or pagination; on cancel, a state that cannot be cancelled */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid request body: check dropPhone",
                 *       "code": "validation_error",
                 *       "details": {
                 *         "formErrors": [],
                 *         "fieldErrors": {
                 *           "dropPhone": [
                 *             "Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0"
                 *           ]
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description API key missing or invalid, or API access disabled */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid API key",
                 *       "code": "unauthorized"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description API access disabled or the key revoked during the request */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "API access was disabled or the API key was revoked during the request",
                 *       "code": "forbidden"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Quote, job or remittance not found for this store */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "No job 0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1 for this store",
                 *       "code": "job_not_found"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Idempotency conflict or in progress, quote expired or used, zone changed; on cancel, parcel return required (a cancel that meets another change of the job is decided again on it, never refused for it); on an edit, fields the job’s state no longer lets change (job_not_editable); on a tracking link, the job ended more than 24 h ago */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "This quote has already been booked; request a new quote",
                 *       "code": "quote_used"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description If-Match does not name the job’s current ETag, or the job changed while the request ran: read it again */
        PreconditionFailed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "The job changed since you read it (If-Match does not name its current ETag); read it again and retry",
                 *       "code": "precondition_failed"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Outside the service area, route too long or parcel over the zone’s weight limit (quotes); insufficient credit (bookings) */
        Unprocessable: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Drop is outside every service zone",
                 *       "code": "outside_service_area"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Store request limit exceeded; wait Retry-After seconds */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Rate limit exceeded; retry in 6 s",
                 *       "code": "rate_limited"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Unexpected server error */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Internal server error",
                 *       "code": "internal_error"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Service temporarily unavailable, or the job kept changing under the change on each of its tries (nothing written); retry after Retry-After seconds */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Service temporarily unavailable; retry later",
                 *       "code": "service_unavailable"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Whole seconds to wait before retrying (at least 1) */
        RetryAfter: string;
        /** @description Requests a minute allowed in the route’s limit group (merchant: per store; fleet: per key) */
        RateLimitLimit: string;
        /** @description Requests left now in the group */
        RateLimitRemaining: string;
        /** @description Seconds until the group’s budget is full again */
        RateLimitReset: string;
        /** @description This request’s id, for support */
        RequestId: string;
        /** @description The job’s version as a strong entity-tag (e.g. "3"); send it in If-Match to make PATCH /v1/jobs/{id} apply only to that version. Time alone (a code passing its expiry) shows a job differently without changing its ETag. */
        ETag: string;
        /** @description A strong entity-tag of the zones shown and of the representation (JSON and GeoJSON differ); send it in If-None-Match to be answered 304 while they are unchanged. */
        ZonesETag: string;
        /** @description How long a client may keep the answer (`private, max-age=300`) */
        CacheControl: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store’s credit */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "apiEnabled": true,
                     *         "balanceMinor": 500000,
                     *         "reservedMinor": 6900,
                     *         "availableMinor": 493100,
                     *         "currency": "INR"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "store_8Vq2nX4kLm9pR7sT1wYz",
                     *         "name": "Koramangala Kitchen",
                     *         "livemode": true,
                     *         "apiEnabled": true,
                     *         "testStoreId": null,
                     *         "rateLimits": {
                     *           "quotes": 10,
                     *           "bookings": 10,
                     *           "cancellations": 10,
                     *           "updates": 30,
                     *           "reads": 60,
                     *           "webhooks": 30,
                     *           "checks": 60
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["StoreResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCodSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store’s cash-on-delivery totals */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "collectedMinor": 310000,
                     *         "awaitingRemittanceMinor": 125000,
                     *         "awaitingVerificationMinor": 40000,
                     *         "remittedMinor": 185000,
                     *         "nextRemittanceAt": "2026-11-23T12:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CodSummaryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRateCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rate card */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "zoneId": "bengaluru",
                     *           "name": "Bengaluru",
                     *           "version": 1,
                     *           "maxRouteMeters": 35000,
                     *           "baseFareMinor": 4000,
                     *           "includedMeters": 2000,
                     *           "perKmMinor": 1000,
                     *           "weightSlabs": [
                     *             {
                     *               "upToGrams": 1000,
                     *               "surchargeMinor": 0
                     *             },
                     *             {
                     *               "upToGrams": 5000,
                     *               "surchargeMinor": 2000
                     *             },
                     *             {
                     *               "upToGrams": 10000,
                     *               "surchargeMinor": 5000
                     *             },
                     *             {
                     *               "upToGrams": 20000,
                     *               "surchargeMinor": 10000
                     *             },
                     *             {
                     *               "upToGrams": 100000,
                     *               "surchargeMinor": 25000
                     *             }
                     *           ],
                     *           "returnChargePercent": 50,
                     *           "collection": {
                     *             "maxCollectMinor": 1000000,
                     *             "feeBasisPoints": 200,
                     *             "minFeeMinor": 2000
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RateCardResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listZones: {
        parameters: {
            query?: never;
            header?: {
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active zones */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ZonesETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "type": "FeatureCollection",
                     *         "features": [
                     *           {
                     *             "type": "Feature",
                     *             "id": "bengaluru",
                     *             "geometry": {
                     *               "type": "Polygon",
                     *               "coordinates": [
                     *                 [
                     *                   [
                     *                     77.5946,
                     *                     13.15146
                     *                   ],
                     *                   [
                     *                     77.42403,
                     *                     13.04038
                     *                   ],
                     *                   [
                     *                     77.42412,
                     *                     12.90271
                     *                   ],
                     *                   [
                     *                     77.5946,
                     *                     12.79174
                     *                   ],
                     *                   [
                     *                     77.76508,
                     *                     12.90271
                     *                   ],
                     *                   [
                     *                     77.76517,
                     *                     13.04038
                     *                   ],
                     *                   [
                     *                     77.5946,
                     *                     13.15146
                     *                   ]
                     *                 ]
                     *               ]
                     *             },
                     *             "properties": {
                     *               "name": "Bengaluru",
                     *               "version": 1,
                     *               "active": true,
                     *               "maxRouteMeters": 35000,
                     *               "collection": {
                     *                 "maxCollectMinor": 1000000,
                     *                 "feeBasisPoints": 200,
                     *                 "minFeeMinor": 2000
                     *               }
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ZoneCollectionResponse"];
                    /**
                     * @example {
                     *       "type": "FeatureCollection",
                     *       "features": [
                     *         {
                     *           "type": "Feature",
                     *           "id": "bengaluru",
                     *           "geometry": {
                     *             "type": "Polygon",
                     *             "coordinates": [
                     *               [
                     *                 [
                     *                   77.5946,
                     *                   13.15146
                     *                 ],
                     *                 [
                     *                   77.42403,
                     *                   13.04038
                     *                 ],
                     *                 [
                     *                   77.42412,
                     *                   12.90271
                     *                 ],
                     *                 [
                     *                   77.5946,
                     *                   12.79174
                     *                 ],
                     *                 [
                     *                   77.76508,
                     *                   12.90271
                     *                 ],
                     *                 [
                     *                   77.76517,
                     *                   13.04038
                     *                 ],
                     *                 [
                     *                   77.5946,
                     *                   13.15146
                     *                 ]
                     *               ]
                     *             ]
                     *           },
                     *           "properties": {
                     *             "name": "Bengaluru",
                     *             "version": 1,
                     *             "active": true,
                     *             "maxRouteMeters": 35000,
                     *             "collection": {
                     *               "maxCollectMinor": 1000000,
                     *               "feeBasisPoints": 200,
                     *               "minFeeMinor": 2000
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/geo+json": components["schemas"]["ZoneFeatureCollection"];
                };
            };
            /** @description If-None-Match names the current ETag: the zones are unchanged (no body) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ZonesETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getZone: {
        parameters: {
            query?: never;
            header?: {
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zone */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ZonesETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "type": "Feature",
                     *         "id": "bengaluru",
                     *         "geometry": {
                     *           "type": "Polygon",
                     *           "coordinates": [
                     *             [
                     *               [
                     *                 77.5946,
                     *                 13.15146
                     *               ],
                     *               [
                     *                 77.42403,
                     *                 13.04038
                     *               ],
                     *               [
                     *                 77.42412,
                     *                 12.90271
                     *               ],
                     *               [
                     *                 77.5946,
                     *                 12.79174
                     *               ],
                     *               [
                     *                 77.76508,
                     *                 12.90271
                     *               ],
                     *               [
                     *                 77.76517,
                     *                 13.04038
                     *               ],
                     *               [
                     *                 77.5946,
                     *                 13.15146
                     *               ]
                     *             ]
                     *           ]
                     *         },
                     *         "properties": {
                     *           "name": "Bengaluru",
                     *           "version": 1,
                     *           "active": true,
                     *           "maxRouteMeters": 35000,
                     *           "collection": {
                     *             "maxCollectMinor": 1000000,
                     *             "feeBasisPoints": 200,
                     *             "minFeeMinor": 2000
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ZoneFeatureResponse"];
                    /**
                     * @example {
                     *       "type": "Feature",
                     *       "id": "bengaluru",
                     *       "geometry": {
                     *         "type": "Polygon",
                     *         "coordinates": [
                     *           [
                     *             [
                     *               77.5946,
                     *               13.15146
                     *             ],
                     *             [
                     *               77.42403,
                     *               13.04038
                     *             ],
                     *             [
                     *               77.42412,
                     *               12.90271
                     *             ],
                     *             [
                     *               77.5946,
                     *               12.79174
                     *             ],
                     *             [
                     *               77.76508,
                     *               12.90271
                     *             ],
                     *             [
                     *               77.76517,
                     *               13.04038
                     *             ],
                     *             [
                     *               77.5946,
                     *               13.15146
                     *             ]
                     *           ]
                     *         ]
                     *       },
                     *       "properties": {
                     *         "name": "Bengaluru",
                     *         "version": 1,
                     *         "active": true,
                     *         "maxRouteMeters": 35000,
                     *         "collection": {
                     *           "maxCollectMinor": 1000000,
                     *           "feeBasisPoints": 200,
                     *           "minFeeMinor": 2000
                     *         }
                     *       }
                     *     }
                     */
                    "application/geo+json": components["schemas"]["ZoneFeature"];
                };
            };
            /** @description If-None-Match names the current ETag: the zones are unchanged (no body) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ZonesETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    checkServiceability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "ref": "cart-1",
                 *           "pickup": {
                 *             "latitude": 12.9756,
                 *             "longitude": 77.6066
                 *           },
                 *           "drop": {
                 *             "latitude": 12.9784,
                 *             "longitude": 77.6408
                 *           }
                 *         },
                 *         {
                 *           "ref": "pdp",
                 *           "drop": {
                 *             "pincode": "560038"
                 *           }
                 *         },
                 *         {
                 *           "drop": {
                 *             "digipin": "4P3-J2L-T95K"
                 *           }
                 *         },
                 *         {
                 *           "ref": "far",
                 *           "drop": {
                 *             "pincode": "110001"
                 *           }
                 *         }
                 *       ],
                 *       "packageWeightGrams": 750
                 *     }
                 */
                "application/json": components["schemas"]["ServiceabilityRequest"];
            };
        };
        responses: {
            /** @description One result per item, in order */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "ref": "cart-1",
                     *           "status": "serviceable",
                     *           "zoneIds": [
                     *             "bengaluru"
                     *           ],
                     *           "reasons": [],
                     *           "coverage": {
                     *             "pickup": "full",
                     *             "drop": "full"
                     *           },
                     *           "coverageBasis": "exact",
                     *           "location": {
                     *             "pickup": {
                     *               "latitude": 12.9756,
                     *               "longitude": 77.6066
                     *             },
                     *             "drop": {
                     *               "latitude": 12.9784,
                     *               "longitude": 77.6408
                     *             }
                     *           },
                     *           "distanceMeters": 4834,
                     *           "indicativeChargeMinor": 6900
                     *         },
                     *         {
                     *           "ref": "pdp",
                     *           "status": "serviceable",
                     *           "zoneIds": [
                     *             "bengaluru"
                     *           ],
                     *           "reasons": [],
                     *           "coverage": {
                     *             "drop": "full"
                     *           },
                     *           "coverageBasis": "pincode",
                     *           "location": {
                     *             "drop": null
                     *           },
                     *           "distanceMeters": null,
                     *           "indicativeChargeMinor": null
                     *         },
                     *         {
                     *           "ref": null,
                     *           "status": "serviceable",
                     *           "zoneIds": [
                     *             "bengaluru"
                     *           ],
                     *           "reasons": [],
                     *           "coverage": {
                     *             "drop": "full"
                     *           },
                     *           "coverageBasis": "exact",
                     *           "location": {
                     *             "drop": {
                     *               "latitude": 12.978399276733398,
                     *               "longitude": 77.64079475402832
                     *             }
                     *           },
                     *           "distanceMeters": null,
                     *           "indicativeChargeMinor": null
                     *         },
                     *         {
                     *           "ref": "far",
                     *           "status": "not_serviceable",
                     *           "zoneIds": [],
                     *           "reasons": [
                     *             "unknown_pincode"
                     *           ],
                     *           "coverage": {
                     *             "drop": "none"
                     *           },
                     *           "coverageBasis": "pincode",
                     *           "location": {
                     *             "drop": null
                     *           },
                     *           "distanceMeters": null,
                     *           "indicativeChargeMinor": null
                     *         }
                     *       ],
                     *       "checkedAt": "2026-11-22T10:00:00.000Z",
                     *       "zoneCatalogVersion": "n4bQgYhMfWWaL-qgxVTeRQ"
                     *     }
                     */
                    "application/json": components["schemas"]["ServiceabilityResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pickupAddress": "MG Road, Bengaluru",
                 *       "pickupLatitude": 12.9756,
                 *       "pickupLongitude": 77.6066,
                 *       "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *       "dropLatitude": 12.9784,
                 *       "dropLongitude": 77.6408,
                 *       "packageWeightGrams": 750
                 *     }
                 */
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The quote */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "3b241101-e2bb-4255-8caf-4136c566a962",
                     *         "distanceMeters": 4834,
                     *         "chargeMinor": 6900,
                     *         "expiresAt": "2026-11-22T10:05:00.000Z",
                     *         "currency": "INR",
                     *         "provider": "service_fleet"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["QuoteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listJobs: {
        parameters: {
            query?: {
                status?: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                limit?: number;
                offset?: number;
                externalOrderId?: string;
                createdFrom?: string;
                createdTo?: string;
                needsDecision?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of job summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *           "externalOrderId": "ORD-1001",
                     *           "status": "created",
                     *           "agentId": null,
                     *           "dropName": "Asha Rao",
                     *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "dropCity": "Bengaluru",
                     *           "dropPincode": "560038",
                     *           "dropPhone": "+919845012345",
                     *           "packageDescription": "Documents",
                     *           "chargeMinor": 6900,
                     *           "settlement": "reserved",
                     *           "createdAt": "2026-11-22T10:00:00.000Z",
                     *           "updatedAt": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["JobListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header: {
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quoteId": "3b241101-e2bb-4255-8caf-4136c566a962",
                 *       "externalOrderId": "ORD-1001",
                 *       "pickupName": "Chai Point, MG Road",
                 *       "pickupPhone": "+91 98765 43210",
                 *       "dropName": "Asha Rao",
                 *       "dropPhone": "098450-12345"
                 *     }
                 */
                "application/json": components["schemas"]["BookingRequest"];
            };
        };
        responses: {
            /** @description The same request came again with the same Idempotency-Key: the existing job */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "created",
                     *         "agentId": null,
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "reserved",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:00:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "pending",
                     *             "code": "4821",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "code": "1907",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            /** @description The job was booked */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "created",
                     *         "agentId": null,
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "reserved",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:00:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "pending",
                     *             "code": "4821",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "code": "1907",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "pickup_completed",
                     *         "agentId": "rider-7",
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 8900,
                     *         "settlement": "reserved",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:33:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7f3c52-5d1e-4a8f-b0c6-91e2d4a7c3f5",
                     *             "status": "pickup_completed",
                     *             "actor": "rider:rider-7",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:21:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "verified",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": "2026-11-22T10:21:00.000Z"
                     *           },
                     *           "delivery": {
                     *             "status": "active",
                     *             "code": "5930",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": {
                     *           "amountMinor": 85000,
                     *           "feeMinor": 2000,
                     *           "status": "collected",
                     *           "method": "upi",
                     *           "reference": "432187650912",
                     *           "collectedAt": "2026-11-22T10:33:00.000Z",
                     *           "remittanceId": null,
                     *           "verifiedAt": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    editJob: {
        parameters: {
            query?: never;
            header?: {
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "dropPhone": "+91 98450 54321",
                 *       "dropInstructions": "Gate behind the temple, 3rd floor"
                 *     }
                 */
                "application/json": components["schemas"]["JobEditRequest"];
            };
        };
        responses: {
            /** @description The job after the edit */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "created",
                     *         "agentId": null,
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "reserved",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:00:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "pending",
                     *             "code": "4821",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "code": "1907",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled job */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "cancelled",
                     *         "agentId": null,
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "released",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:00:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "unavailable",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           },
                     *           "delivery": {
                     *             "status": "unavailable",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    decideDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "reattempt"
                 *     }
                 */
                "application/json": components["schemas"]["DecisionRequest"];
            };
        };
        responses: {
            /** @description The job after the decision */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "pickup_completed",
                     *         "agentId": "rider-7",
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "reserved",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:36:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7f3c52-5d1e-4a8f-b0c6-91e2d4a7c3f5",
                     *             "status": "pickup_completed",
                     *             "actor": "rider:rider-7",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:21:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "verified",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": "2026-11-22T10:21:00.000Z"
                     *           },
                     *           "delivery": {
                     *             "status": "active",
                     *             "code": "5930",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [
                     *           {
                     *             "number": 1,
                     *             "reason": "customer_unreachable",
                     *             "note": "No answer at the door or on the phone",
                     *             "createdAt": "2026-11-22T10:34:00.000Z"
                     *           }
                     *         ],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recallJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, cancelled, with its return trip */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "externalOrderId": "ORD-1001",
                     *         "status": "cancelled",
                     *         "agentId": "rider-7",
                     *         "dropName": "Asha Rao",
                     *         "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *         "dropCity": "Bengaluru",
                     *         "dropPincode": "560038",
                     *         "dropPhone": "+919845012345",
                     *         "packageDescription": "Documents",
                     *         "chargeMinor": 6900,
                     *         "settlement": "captured",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:36:00.000Z",
                     *         "pickupName": "Chai Point, MG Road",
                     *         "pickupAddress": "MG Road, Bengaluru",
                     *         "pickupCity": "Bengaluru",
                     *         "pickupPincode": "560001",
                     *         "pickupPhone": "+919876543210",
                     *         "pickupLatitude": 12.9756,
                     *         "pickupLongitude": 77.6066,
                     *         "dropLatitude": 12.9784,
                     *         "dropLongitude": 77.6408,
                     *         "packageWeight": "750 g",
                     *         "packageWeightGrams": 750,
                     *         "packageValue": 1500,
                     *         "packageValueMinor": 150000,
                     *         "pickupInstructions": null,
                     *         "dropInstructions": "Gate behind the temple, 3rd floor",
                     *         "riderLocation": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7f3c52-5d1e-4a8f-b0c6-91e2d4a7c3f5",
                     *             "status": "pickup_completed",
                     *             "actor": "rider:rider-7",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:21:00.000Z"
                     *           },
                     *           {
                     *             "id": "9c2e5a71-3f4d-4b8e-a6c0-d1f7e2b9a4c8",
                     *             "status": "cancelled",
                     *             "actor": "merchant",
                     *             "note": "Recalled by the merchant: the parcel goes back to the pickup",
                     *             "createdAt": "2026-11-22T10:36:00.000Z"
                     *           }
                     *         ],
                     *         "verification": {
                     *           "testMode": false,
                     *           "pickup": {
                     *             "status": "verified",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": "2026-11-22T10:21:00.000Z"
                     *           },
                     *           "delivery": {
                     *             "status": "unavailable",
                     *             "code": null,
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": {
                     *           "reason": "recalled",
                     *           "status": "returning",
                     *           "chargeMinor": 3500,
                     *           "startedAt": "2026-11-22T10:36:00.000Z",
                     *           "returnedAt": null,
                     *           "verification": {
                     *             "status": "pending",
                     *             "code": "2684",
                     *             "expiresAt": null,
                     *             "verifiedAt": null
                     *           }
                     *         },
                     *         "collection": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTrackingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new link */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "url": "https://api.example.com/prod/track/pK3vQ9mZ2xW7bN4cR8tY1uH6jL0sD5fG",
                     *         "expiresAt": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TrackingLinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
                jobId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the statement */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "le_6f1c1d0e7a4b4c7e9d552a51c8a3f0b2",
                     *           "type": "reserve",
                     *           "amountMinor": 6900,
                     *           "balanceMinor": 500000,
                     *           "reservedMinor": 6900,
                     *           "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *           "note": null,
                     *           "createdAt": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "hasMore": false
                     *     }
                     */
                    "application/json": components["schemas"]["StatementResponse"];
                    /**
                     * @example id,type,amountMinor,amountRupees,balanceMinor,balanceRupees,reservedMinor,reservedRupees,jobId,note,createdAt
                     *     le_6f1c1d0e7a4b4c7e9d552a51c8a3f0b2,reserve,6900,69.00,500000,5000.00,6900,69.00,0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1,,2026-11-22T10:00:00.000Z
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRemittances: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of remittances */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "rem_0FJ3aB9x2mQ7LkP0aXc7VbN2",
                     *           "status": "credited",
                     *           "amountMinor": 85000,
                     *           "jobCount": 1,
                     *           "periodStart": "2026-11-21T12:30:00.000Z",
                     *           "periodEnd": "2026-11-22T12:30:00.000Z",
                     *           "createdAt": "2026-11-22T12:30:02.000Z",
                     *           "creditedAt": "2026-11-22T12:30:02.000Z",
                     *           "ledgerEntryId": "le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "hasMore": false
                     *     }
                     */
                    "application/json": components["schemas"]["RemittanceListResponse"];
                    /**
                     * @example id,status,amountMinor,amountRupees,jobCount,periodStart,periodEnd,createdAt,creditedAt,ledgerEntryId
                     *     rem_0FJ3aB9x2mQ7LkP0aXc7VbN2,credited,85000,850.00,1,2026-11-21T12:30:00.000Z,2026-11-22T12:30:00.000Z,2026-11-22T12:30:02.000Z,2026-11-22T12:30:02.000Z,le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRemittance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The remittance */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "rem_0FJ3aB9x2mQ7LkP0aXc7VbN2",
                     *         "status": "credited",
                     *         "amountMinor": 85000,
                     *         "jobCount": 1,
                     *         "periodStart": "2026-11-21T12:30:00.000Z",
                     *         "periodEnd": "2026-11-22T12:30:00.000Z",
                     *         "createdAt": "2026-11-22T12:30:02.000Z",
                     *         "creditedAt": "2026-11-22T12:30:02.000Z",
                     *         "ledgerEntryId": "le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2",
                     *         "lines": [
                     *           {
                     *             "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *             "amountMinor": 85000,
                     *             "collectedAt": "2026-11-22T10:40:00.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RemittanceResponse"];
                    /**
                     * @example remittanceId,jobId,amountMinor,amountRupees,collectedAt
                     *     rem_0FJ3aB9x2mQ7LkP0aXc7VbN2,0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1,85000,850.00,2026-11-22T10:40:00.000Z
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
                jobId?: string;
                type?: "job.created" | "job.queued" | "job.picked_by_agent" | "job.booking_in_progress" | "job.booked" | "job.pickup_completed" | "job.delivered" | "job.failed" | "job.cancelled" | "job.settlement_changed" | "job.updated" | "job.delivery_attempted" | "job.return_started" | "job.returned" | "job.return_failed" | "job.collection_updated" | "job.location_updated" | "webhook_endpoint.disabled" | "remittance.created" | "webhook_endpoint.test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, and where to go on from */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "evt_jobqueued000000000000000",
                     *           "type": "job.queued",
                     *           "createdAt": "2026-11-22T10:02:00.000Z",
                     *           "livemode": true,
                     *           "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *           "sequence": 2,
                     *           "data": {
                     *             "previousStatus": "created",
                     *             "job": {
                     *               "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *               "externalOrderId": "ORD-1001",
                     *               "status": "queued",
                     *               "agentId": null,
                     *               "dropName": "Asha Rao",
                     *               "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *               "dropCity": "Bengaluru",
                     *               "dropPincode": "560038",
                     *               "dropPhone": "+919845012345",
                     *               "packageDescription": "Documents",
                     *               "chargeMinor": 6900,
                     *               "settlement": "reserved",
                     *               "createdAt": "2026-11-22T10:00:00.000Z",
                     *               "updatedAt": "2026-11-22T10:02:00.000Z"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "nextCursor": "ZmVlZDox",
                     *       "hasMore": false
                     *     }
                     */
                    "application/json": components["schemas"]["EventListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "evt_jobqueued000000000000000",
                     *         "type": "job.queued",
                     *         "createdAt": "2026-11-22T10:02:00.000Z",
                     *         "livemode": true,
                     *         "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "sequence": 2,
                     *         "data": {
                     *           "previousStatus": "created",
                     *           "job": {
                     *             "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *             "externalOrderId": "ORD-1001",
                     *             "status": "queued",
                     *             "agentId": null,
                     *             "dropName": "Asha Rao",
                     *             "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                     *             "dropCity": "Bengaluru",
                     *             "dropPincode": "560038",
                     *             "dropPhone": "+919845012345",
                     *             "packageDescription": "Documents",
                     *             "chargeMinor": 6900,
                     *             "settlement": "reserved",
                     *             "createdAt": "2026-11-22T10:00:00.000Z",
                     *             "updatedAt": "2026-11-22T10:02:00.000Z"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EventResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                     *           "url": "https://shop.example.in/hooks/delivery",
                     *           "eventTypes": null,
                     *           "description": "Order system",
                     *           "status": "enabled",
                     *           "createdAt": "2026-11-22T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example.in/hooks/delivery",
                 *       "description": "Order system"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint, with its secret (shown only now) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                     *         "url": "https://shop.example.in/hooks/delivery",
                     *         "eventTypes": null,
                     *         "description": "Order system",
                     *         "status": "enabled",
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8="
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedWebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                     *         "url": "https://shop.example.in/hooks/delivery",
                     *         "eventTypes": null,
                     *         "description": "Order system",
                     *         "status": "enabled",
                     *         "createdAt": "2026-11-22T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                     *         "deleted": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8="
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event, queued for the endpoint */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "eventId": "evt_3Hk9Qx2LmP7sVb4Nc8Rt1Wz6"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TestEventResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "eventId": "evt_2f9KcQ0aZx7LmN4pR8sT1uVw",
                     *           "attempt": 1,
                     *           "outcome": "failed",
                     *           "responseStatus": 500,
                     *           "error": "Answered 500",
                     *           "durationMs": 112,
                     *           "attemptedAt": "2026-11-22T10:00:02.000Z",
                     *           "nextAttemptAt": "2026-11-22T10:00:07.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": null,
                     *       "hasMore": false
                     *     }
                     */
                    "application/json": components["schemas"]["DeliveryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "endpointId": "we_8ZtQm3LkP0aXc7VbN2sR5yWq"
                 *     }
                 */
                "application/json": components["schemas"]["RedeliverRequest"];
            };
        };
        responses: {
            /** @description The deliveries are on their way */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "eventId": "evt_2f9KcQ0aZx7LmN4pR8sT1uVw",
                     *         "endpointIds": [
                     *           "we_8ZtQm3LkP0aXc7VbN2sR5yWq"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RedeliverResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "key_7Qm2xVb9Lk3Np8Rt4Wz1",
                     *           "name": "Shopify sync",
                     *           "prefix": "mdk_live_AbCd",
                     *           "status": "active",
                     *           "createdAt": "2026-11-20T09:30:00.000Z",
                     *           "expiresAt": null,
                     *           "revokedAt": null,
                     *           "lastUsedOn": "2026-11-27"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shopify sync"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key and its secret (shown once) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_3Hs8Pq1Zr6Vt2Nm9Ka4B",
                     *         "name": "Shopify sync",
                     *         "prefix": "mdk_live_Xy7Q",
                     *         "status": "active",
                     *         "createdAt": "2026-11-27T10:00:00.000Z",
                     *         "expiresAt": null,
                     *         "revokedAt": null,
                     *         "lastUsedOn": null,
                     *         "secret": "mdk_live_Xy7Q9w2e4r6t8y1u3i5o7p9a2s4d6f8g"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expiresInSeconds": 86400
                 *     }
                 */
                "application/json": components["schemas"]["RollApiKeyRequest"];
            };
        };
        responses: {
            /** @description The new key and its secret (shown once) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_3Hs8Pq1Zr6Vt2Nm9Ka4B",
                     *         "name": "Shopify sync",
                     *         "prefix": "mdk_live_Xy7Q",
                     *         "status": "active",
                     *         "createdAt": "2026-11-27T10:00:00.000Z",
                     *         "expiresAt": null,
                     *         "revokedAt": null,
                     *         "lastUsedOn": null,
                     *         "secret": "mdk_live_Xy7Q9w2e4r6t8y1u3i5o7p9a2s4d6f8g"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RolledApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, revoked */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "key_7Qm2xVb9Lk3Np8Rt4Wz1",
                     *         "name": "Shopify sync",
                     *         "prefix": "mdk_live_AbCd",
                     *         "status": "revoked",
                     *         "createdAt": "2026-11-20T09:30:00.000Z",
                     *         "expiresAt": null,
                     *         "revokedAt": "2026-11-27T10:05:00.000Z",
                     *         "lastUsedOn": "2026-11-27"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RevokedApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    jobCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobcreated00000000000000",
                 *       "type": "job.created",
                 *       "createdAt": "2026-11-22T10:01:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 1,
                 *       "data": {
                 *         "previousStatus": null,
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "created",
                 *           "agentId": null,
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:01:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobQueuedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobqueued000000000000000",
                 *       "type": "job.queued",
                 *       "createdAt": "2026-11-22T10:02:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 2,
                 *       "data": {
                 *         "previousStatus": "created",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "queued",
                 *           "agentId": null,
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:02:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobPickedByAgentWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobpickedbyagent00000000",
                 *       "type": "job.picked_by_agent",
                 *       "createdAt": "2026-11-22T10:03:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 3,
                 *       "data": {
                 *         "previousStatus": "queued",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "picked_by_agent",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:03:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobBookingInProgressWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobbookinginprogress0000",
                 *       "type": "job.booking_in_progress",
                 *       "createdAt": "2026-11-22T10:03:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 3,
                 *       "data": {
                 *         "previousStatus": "queued",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "booking_in_progress",
                 *           "agentId": null,
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:03:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobBookedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobbooked000000000000000",
                 *       "type": "job.booked",
                 *       "createdAt": "2026-11-22T10:04:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 4,
                 *       "data": {
                 *         "previousStatus": "booking_in_progress",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "booked",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:04:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobPickupCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobpickupcompleted000000",
                 *       "type": "job.pickup_completed",
                 *       "createdAt": "2026-11-22T10:04:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 4,
                 *       "data": {
                 *         "previousStatus": "picked_by_agent",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "pickup_completed",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:04:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobDeliveredWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobdelivered000000000000",
                 *       "type": "job.delivered",
                 *       "createdAt": "2026-11-22T10:05:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 5,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "delivered",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:05:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobfailed000000000000000",
                 *       "type": "job.failed",
                 *       "createdAt": "2026-11-22T10:06:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 6,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "failed",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:06:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobCancelledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobcancelled000000000000",
                 *       "type": "job.cancelled",
                 *       "createdAt": "2026-11-22T10:03:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 3,
                 *       "data": {
                 *         "previousStatus": "queued",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "cancelled",
                 *           "agentId": null,
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "released",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:03:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobSettlementChangedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobsettlementchanged0000",
                 *       "type": "job.settlement_changed",
                 *       "createdAt": "2026-11-22T10:06:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 6,
                 *       "data": {
                 *         "previousStatus": "delivered",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "delivered",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:06:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobupdated00000000000000",
                 *       "type": "job.updated",
                 *       "createdAt": "2026-11-22T10:03:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 3,
                 *       "data": {
                 *         "previousStatus": "queued",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "queued",
                 *           "agentId": null,
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845054321",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:03:00.000Z"
                 *         },
                 *         "changedFields": [
                 *           "dropPhone"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobDeliveryAttemptedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobdeliveryattempted0000",
                 *       "type": "job.delivery_attempted",
                 *       "createdAt": "2026-11-22T10:05:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 5,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "pickup_completed",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:05:00.000Z"
                 *         },
                 *         "deliveryAttempt": {
                 *           "number": 1,
                 *           "reason": "customer_unreachable",
                 *           "note": "No answer at the door or on the phone",
                 *           "createdAt": "2026-11-22T10:34:00.000Z"
                 *         },
                 *         "pendingDecision": {
                 *           "options": [
                 *             "reattempt",
                 *             "return"
                 *           ],
                 *           "deadlineAt": "2026-11-22T10:44:00.000Z",
                 *           "defaultAction": "return"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobReturnStartedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobreturnstarted00000000",
                 *       "type": "job.return_started",
                 *       "createdAt": "2026-11-22T10:05:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 5,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "cancelled",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:05:00.000Z"
                 *         },
                 *         "returnTrip": {
                 *           "reason": "recalled",
                 *           "status": "returning",
                 *           "chargeMinor": 3500,
                 *           "startedAt": "2026-11-22T10:36:00.000Z",
                 *           "returnedAt": null,
                 *           "verification": {
                 *             "status": "pending",
                 *             "code": "2684",
                 *             "expiresAt": null,
                 *             "verifiedAt": null
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobReturnedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobreturned0000000000000",
                 *       "type": "job.returned",
                 *       "createdAt": "2026-11-22T10:07:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 7,
                 *       "data": {
                 *         "previousStatus": "cancelled",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "cancelled",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:07:00.000Z"
                 *         },
                 *         "returnTrip": {
                 *           "reason": "recalled",
                 *           "status": "returned",
                 *           "chargeMinor": 3500,
                 *           "startedAt": "2026-11-22T10:36:00.000Z",
                 *           "returnedAt": "2026-11-22T10:52:00.000Z",
                 *           "verification": {
                 *             "status": "verified",
                 *             "code": null,
                 *             "expiresAt": null,
                 *             "verifiedAt": "2026-11-22T10:52:00.000Z"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobReturnFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobreturnfailed000000000",
                 *       "type": "job.return_failed",
                 *       "createdAt": "2026-11-22T10:07:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 7,
                 *       "data": {
                 *         "previousStatus": "cancelled",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "cancelled",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "captured",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:07:00.000Z"
                 *         },
                 *         "returnTrip": {
                 *           "reason": "recalled",
                 *           "status": "failed",
                 *           "chargeMinor": 3500,
                 *           "startedAt": "2026-11-22T10:36:00.000Z",
                 *           "returnedAt": null,
                 *           "verification": {
                 *             "status": "pending",
                 *             "code": "2684",
                 *             "expiresAt": null,
                 *             "verifiedAt": null
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobCollectionUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_jobcollectionupdated0000",
                 *       "type": "job.collection_updated",
                 *       "createdAt": "2026-11-22T10:05:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 5,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "pickup_completed",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 8900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:05:00.000Z"
                 *         },
                 *         "collection": {
                 *           "amountMinor": 85000,
                 *           "feeMinor": 2000,
                 *           "status": "collected",
                 *           "method": "upi",
                 *           "reference": "432187650912",
                 *           "collectedAt": "2026-11-22T10:33:00.000Z",
                 *           "remittanceId": null,
                 *           "verifiedAt": null
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    jobLocationUpdatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_joblocationupdated000000",
                 *       "type": "job.location_updated",
                 *       "createdAt": "2026-11-22T10:05:00.000Z",
                 *       "livemode": true,
                 *       "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *       "sequence": 5,
                 *       "data": {
                 *         "previousStatus": "pickup_completed",
                 *         "job": {
                 *           "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                 *           "externalOrderId": "ORD-1001",
                 *           "status": "pickup_completed",
                 *           "agentId": "rider-7",
                 *           "dropName": "Asha Rao",
                 *           "dropAddress": "100 Feet Road, Indiranagar, Bengaluru",
                 *           "dropCity": "Bengaluru",
                 *           "dropPincode": "560038",
                 *           "dropPhone": "+919845012345",
                 *           "packageDescription": "Documents",
                 *           "chargeMinor": 6900,
                 *           "settlement": "reserved",
                 *           "createdAt": "2026-11-22T10:00:00.000Z",
                 *           "updatedAt": "2026-11-22T10:05:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookEndpointDisabledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_webhookendpointdisabled0",
                 *       "type": "webhook_endpoint.disabled",
                 *       "createdAt": "2026-11-22T11:30:00.000Z",
                 *       "livemode": true,
                 *       "jobId": null,
                 *       "sequence": null,
                 *       "data": {
                 *         "endpoint": {
                 *           "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                 *           "url": "https://shop.example.in/hooks/delivery",
                 *           "eventTypes": null,
                 *           "description": "Order system",
                 *           "status": "disabled",
                 *           "createdAt": "2026-11-22T10:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    remittanceCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_remittancecreated0000000",
                 *       "type": "remittance.created",
                 *       "createdAt": "2026-11-22T12:30:02.000Z",
                 *       "livemode": true,
                 *       "jobId": null,
                 *       "sequence": null,
                 *       "data": {
                 *         "remittance": {
                 *           "id": "rem_0FJ3aB9x2mQ7LkP0aXc7VbN2",
                 *           "status": "credited",
                 *           "amountMinor": 85000,
                 *           "jobCount": 1,
                 *           "periodStart": "2026-11-21T12:30:00.000Z",
                 *           "periodEnd": "2026-11-22T12:30:00.000Z",
                 *           "createdAt": "2026-11-22T12:30:02.000Z",
                 *           "creditedAt": "2026-11-22T12:30:02.000Z",
                 *           "ledgerEntryId": "le_9a1c1d0e7a4b4c7e9d552a51c8a3f0b2"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookEndpointTestWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same on every attempt of it. Dedupe by it. */
                "webhook-id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_webhookendpointtest00000",
                 *       "type": "webhook_endpoint.test",
                 *       "createdAt": "2026-11-22T11:35:00.000Z",
                 *       "livemode": true,
                 *       "jobId": null,
                 *       "sequence": null,
                 *       "data": {
                 *         "endpoint": {
                 *           "id": "we_8ZtQm3LkP0aXc7VbN2sR5yWq",
                 *           "url": "https://shop.example.in/hooks/delivery",
                 *           "eventTypes": null,
                 *           "description": "Order system",
                 *           "status": "enabled",
                 *           "createdAt": "2026-11-22T10:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Received: the delivery succeeded */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
