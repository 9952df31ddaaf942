/**
 * Generated from docs/fleet-openapi.json by openapi-typescript (npm run openapi). Do not edit.
 */

export interface paths {
    "/fleet/v1/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open offers
         * @description Live jobs waiting for a rider (`queued`), longest waiting first. A cash-on-delivery job shows its `collection`: the amount the rider collects from the customer at the door (cash or UPI, the customer’s choice), never the store’s charge or the collection fee; null for a prepaid job. Send the rider’s `latitude` and `longitude` (together) to get the nearest pickups first, each with `pickupDistanceMeters` (great circle), from the delivery zones around the rider (the zone they are in and any whose edge is within `withinMeters`, 5 km unless sent; far from every zone, the nearest zone), and `withinMeters` to keep only those that close. Offers show where and what, not who: names and phone numbers appear once a rider has accepted. A rider is not offered cash-on-delivery jobs whose amount to collect would take their cash in hand plus the cash due on the jobs they hold past the cash limit (accepting one would be 409 `cash_limit_exceeded`); such offers are left out of the page, which may then hold fewer than `limit`.
         *
         *     Allowed keys: rider, operations. Rate limit: 120 requests a minute per fleet key.
         */
        get: operations["listOffers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My jobs
         * @description The jobs this rider holds now: accepted and not yet delivered or ended (`picked_by_agent` to `pickup_completed`), and those whose parcel they are bringing back to the pickup (`returnTrip.status` `returning`, the job `failed` or `cancelled`), most recently changed first. What a rider’s app loads when it starts.
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        get: operations["listAssignments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job
         * @description An open offer or a job assigned to this rider (operations: any live job), with the handoffs’ state, what to collect at the door of a cash-on-delivery job (`collection`: the amount, never the store’s charge or fee; null for a prepaid job), the failed delivery attempts, the merchant’s pending decision (the rider waits until it comes or its deadline applies the default) and the return trip. Names and phone numbers show to a rider only while they hold the job (accepted, not yet ended, or carrying the parcel back to the pickup); operations always see them. Codes are never shown to the fleet: the store gives the pickup and return codes and the customer the delivery code.
         *
         *     Allowed keys: rider, operations. Rate limit: 120 requests a minute per fleet key.
         */
        get: operations["getFleetJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an offer
         * @description Takes a `queued` job: it becomes `picked_by_agent` with this rider’s agent id. Another rider (or the merchant’s cancel) getting there first answers 409 or 404. Repeating a successful accept answers 200 with the job. A rider holds at most 2 live jobs at once (409 `rider_at_capacity`), must confirm an acceptance within 2 minutes (else dispatch puts the job back on offer), and may not take back a job they gave back (409 `invalid_transition`). A confirmed job whose rider has not reached the pickup within 30 minutes goes back on offer too. Declines never end a job: the dispatch timeout does. A cash-on-delivery job whose amount to collect would take the rider’s cash in hand plus the cash due on the jobs they hold past the cash limit (₹20,000 unless configured; `GET /fleet/v1/riders/{agentId}/cash`) is refused with 409 `cash_limit_exceeded` (`details.limitMinor`) until operations record a deposit.
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["acceptOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/start-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start confirming
         * @description The rider is confirming the job (`picked_by_agent` → `booking_in_progress`).
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["startConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm
         * @description The rider is on the way to the pickup (`booking_in_progress` → `booked`).
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["confirmJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline
         * @description Gives an accepted, unconfirmed job back (`picked_by_agent` or `booking_in_progress` → `queued`): it is offered again, and dispatch’s wait starts again.
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["declineJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report location
         * @description The rider’s GPS fix while on the job (`picked_by_agent` to `pickup_completed`, and while bringing the parcel back to the pickup); the merchant sees it as `riderLocation`.
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["reportLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/handoffs/{handoff}/arrive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Arrive at pickup, drop or back at the pickup
         * @description At the pickup (job `booked`) the pickup code becomes `active`; at the drop (job `pickup_completed`) the delivery code’s 30 minutes start; back at the pickup with a returning parcel (`return`) the return code becomes `active`. The code expires 30 minutes after arrival. While the merchant decides after a failed attempt, arriving at the drop is refused (409): a reattempt makes the delivery code usable again.
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["arrive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/handoffs/{handoff}/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a handoff code
         * @description The right pickup code completes the pickup (`pickup_completed`; the delivery code becomes active); the right delivery code delivers the job (`delivered`; the charge is captured); the right return code (`return`, given by the store) ends the return trip (`returnTrip.status` `returned`; the return charge is captured). A wrong code answers 422 `wrong_code` and counts: the fifth locks the handoff (409 `handoff_locked`) until operations reset it. A code past its expiry answers 409 `code_expired`; operations can re-issue it. On a cash-on-delivery job the delivery code is refused with 409 `collection_pending` (`details.dueMinor`, `details.collectionPath`) while the payment is due, before the code is looked at (no try is counted): record the payment first (`POST …/collection`).
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["submitCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report failure
         * @description The delivery cannot go on. Before pickup the job fails and the merchant’s reservation is released; after pickup it fails with settlement `review`, resolved by operations (`settlement resolve`). The reason is the event’s note.
         *
         *     Allowed keys: rider, operations. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["failJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/delivery-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a failed delivery attempt
         * @description The rider of a `pickup_completed` job, at the drop (after `handoffs/delivery/arrive`), could not hand the parcel over. The first attempt asks the merchant to decide (`pendingDecision`: `reattempt` or `return`, 10 minutes, default `return`); the rider waits, and the delivery code is `unavailable` until a reattempt makes it usable again. The second attempt starts the return at once: the job becomes `failed`, its charge is captured, and `returnTrip` says where the parcel goes (the pickup) until the store gives the rider the return code. Only the job’s rider; 409 before arriving at the drop, while a decision is pending, and after the job has ended. Send an `Idempotency-Key` with each attempt: the same key and body again (a retry whose answer was lost) answers 200 with the job as it now is, recording nothing twice, even after the job moved on; the same key with another body is 409 `idempotency_conflict` (`details.move`); without a key each request is a new attempt judged on the job as it now is (a repeat while the merchant decides is 409). Once the merchant recalled the parcel, an attempt is 409 saying so (take the parcel back to the pickup). On a cash-on-delivery job whose payment is due, a customer who will not pay is reason `payment_refused` (the merchant then decides, as for any failed attempt); it is 409 on a prepaid job or once the payment is recorded (the parcel is then the customer’s to take). A parcel that goes back collects nothing (`collection.status` `not_collected`).
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["attemptDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/collection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the payment at the door (cash on delivery)
         * @description The rider of a cash-on-delivery job (`collection.status` `due`), at the drop (after `handoffs/delivery/arrive`), records the customer’s payment: the whole amount due (`collection.amountMinor`; another amount is 409 `collection_amount_mismatch` with `details.dueMinor`), in `cash` (it joins the rider’s cash in hand until operations record a deposit) or by `upi` to the platform’s account (`reference`, the UPI transaction reference, is required; a cash payment takes no reference). A UPI reference is recorded once across the platform (letters in any case): one already recorded for a payment, on any job of any store, is 409 `upi_reference_used`, so one transfer is never credited twice. The delivery code is refused (409 `collection_pending`) until the payment is recorded: a parcel is never handed over unpaid; a customer who will not pay is a delivery attempt with reason `payment_refused`. The payment is recorded once. Send an `Idempotency-Key`: the same key and body again (a retry whose answer was lost) answers 200 with the job as it now is, recording nothing twice, also after the delivery; the same key with another body is 409 `idempotency_conflict` (`details.move`); without a key a request is a new payment judged on the job as it now is, so a repeat is 409 (the payment was already recorded). Another payment, a recalled parcel, a prepaid job, a job not at the drop, one waiting for the merchant’s decision or one that has ended is 409 `invalid_transition`. Only the job’s rider (another rider gets 404).
         *
         *     Allowed keys: rider. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["recordCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/riders/{agentId}/cash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A rider’s cash (operations)
         * @description Who holds the cash: the rider’s cash in hand (taken at doors, not yet deposited), all cash collected and deposited (collected = deposited + in hand), the cash due on the cash-on-delivery jobs they hold, the cash limit (`limitMinor`: in hand + due may not pass it; offers leave out jobs that would, and accepting one is 409 `cash_limit_exceeded`), and the latest 50 movements of their cash, newest first (a `collection` names its job and store, a `deposit` its id and reference; `hasMoreEntries` says older ones exist). UPI payments never reach the rider’s hands and are not listed. A rider who never held cash gets zeros. An agent id that never had a fleet key is 404 `rider_not_found` (agent ids are case-sensitive: `AGENT-1` is not `agent-1`). A UPI payment never confirmed by the platform’s account within UPI_VERIFY_HOURS is charged to the rider who recorded it: cash in hand, an `upi_unverified` movement.
         *
         *     Allowed keys: operations. Rate limit: 120 requests a minute per fleet key.
         */
        get: operations["getRiderCash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/riders/{agentId}/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a rider’s cash deposit (operations)
         * @description The rider handed cash to operations: it leaves their hands (`inHandMinor` −, `depositedMinor` +) with a `deposit` entry in their cash log, in one write. At most the cash in hand (else 409 `deposit_exceeds_cash_in_hand` with `details.inHandMinor`, nothing recorded). Send a unique `Idempotency-Key` (required): the same key with the same amount and reference returns the deposit it recorded with 200 (the account as it now is), never depositing twice, however late the retry; the same key with another amount or reference is 409 `idempotency_conflict` (`details.depositId`). A receipt number (`reference`, any case) is recorded for one deposit only, whichever rider: used again it is 409 `deposit_receipt_used` (`details.depositId`, the deposit that has it), nothing recorded. Bank payouts to stores are not part of this API.
         *
         *     Allowed keys: operations. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["recordDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a locked handoff (operations)
         * @description A handoff locked by five wrong codes gets a fresh code (the merchant sees it) and five new tries, active for 30 minutes. `return` resets the return handoff of a parcel on its way back.
         *
         *     Allowed keys: operations. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["resetLock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-issue an expired code (operations)
         * @description An expired handoff gets a fresh code (the merchant sees it), active for 30 minutes. `return` re-issues the return code of a parcel on its way back.
         *
         *     Allowed keys: operations. Rate limit: 120 requests a minute per fleet key.
         */
        post: operations["reissueCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        LocationRequest: {
            latitude: number;
            longitude: number;
            accuracy?: number | null;
        };
        CodeRequest: {
            code: string;
        };
        FailRequest: {
            reason: string;
        };
        DeliveryAttemptRequest: {
            /** @enum {string} */
            reason: "customer_unreachable" | "customer_refused" | "address_not_found" | "customer_rescheduled" | "unsafe_location" | "payment_refused";
            /** @description What happened at the door, for the merchant: 1–280 characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; hidden characters (control, bidi, tag and invisible formatting characters; ZWJ and ZWNJ are kept) are refused. */
            note?: string;
        };
        CollectionRequest: {
            /** @enum {string} */
            method: "cash" | "upi";
            amountMinor: number;
            /**
             * @description The 12-digit UPI transaction number (UTR/RRN); a single space or hyphen between digits is allowed, and the 12 digits are what is recorded (and must be unique).
             * @example 433512345678
             */
            reference?: string;
        };
        DepositRequest: {
            amountMinor: number;
            /** @example CASH-BLR-0042 */
            reference?: string;
        };
        FleetJobResponse: {
            data: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                agentId: string | null;
                version: number;
                pickup: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                    name: string | null;
                    phone: string | null;
                    instructions: string | null;
                };
                drop: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                    name: string | null;
                    phone: string | null;
                    instructions: string | null;
                };
                distanceMeters: number;
                packageDescription: string | null;
                packageWeight: string | null;
                riderLocation: {
                    latitude: number;
                    longitude: number;
                    accuracy: number | null;
                    /** Format: date-time */
                    recordedAt: string;
                } | null;
                verification: {
                    pickup: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                    delivery: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                };
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
                    /** Format: date-time */
                    startedAt: string;
                    returnedAt: string | null;
                    verification: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                } | null;
                collection: {
                    amountMinor: number;
                    /** @enum {string} */
                    status: "due" | "collected" | "not_collected";
                    method: ("cash" | "upi") | null;
                    reference: string | null;
                    collectedAt: string | null;
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
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            };
        };
        RiderCashResponse: {
            data: {
                agentId: string;
                inHandMinor: number;
                collectedCashMinor: number;
                depositedMinor: number;
                dueMinor: number;
                limitMinor: number;
                entries: {
                    /** @enum {string} */
                    kind: "collection" | "deposit" | "upi_unverified";
                    amountMinor: number;
                    /** Format: date-time */
                    createdAt: string;
                    storeId: string | null;
                    jobId: string | null;
                    depositId: string | null;
                    reference: string | null;
                }[];
                hasMoreEntries: boolean;
            };
        };
        DepositResponse: {
            data: {
                deposit: {
                    /** Format: uuid */
                    id: string;
                    agentId: string;
                    amountMinor: number;
                    reference: string | null;
                    /** Format: date-time */
                    createdAt: string;
                };
                account: {
                    agentId: string;
                    inHandMinor: number;
                    collectedCashMinor: number;
                    depositedMinor: number;
                    dueMinor: number;
                    limitMinor: number;
                };
            };
        };
        FleetOfferList: {
            data: {
                /** Format: uuid */
                id: string;
                /** Format: date-time */
                offeredAt: string;
                pickup: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                };
                drop: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                };
                distanceMeters: number;
                pickupDistanceMeters: number | null;
                packageDescription: string | null;
                packageWeight: string | null;
                collection: {
                    amountMinor: number;
                    /** @enum {string} */
                    status: "due" | "collected" | "not_collected";
                    method: ("cash" | "upi") | null;
                    reference: string | null;
                    collectedAt: string | null;
                } | null;
            }[];
            limit: number;
        };
        FleetJobList: {
            data: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "created" | "queued" | "picked_by_agent" | "booking_in_progress" | "booked" | "pickup_completed" | "delivered" | "failed" | "cancelled";
                agentId: string | null;
                version: number;
                pickup: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                    name: string | null;
                    phone: string | null;
                    instructions: string | null;
                };
                drop: {
                    address: string;
                    city: string | null;
                    pincode: string | null;
                    latitude: number;
                    longitude: number;
                    name: string | null;
                    phone: string | null;
                    instructions: string | null;
                };
                distanceMeters: number;
                packageDescription: string | null;
                packageWeight: string | null;
                riderLocation: {
                    latitude: number;
                    longitude: number;
                    accuracy: number | null;
                    /** Format: date-time */
                    recordedAt: string;
                } | null;
                verification: {
                    pickup: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                    delivery: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                };
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
                    /** Format: date-time */
                    startedAt: string;
                    returnedAt: string | null;
                    verification: {
                        /** @enum {string} */
                        status: "pending" | "active" | "expired" | "verified" | "locked" | "unavailable";
                        expiresAt: string | null;
                        verifiedAt: string | null;
                        attemptsRemaining: number;
                    };
                } | null;
                collection: {
                    amountMinor: number;
                    /** @enum {string} */
                    status: "due" | "collected" | "not_collected";
                    method: ("cash" | "upi") | null;
                    reference: string | null;
                    collectedAt: string | null;
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
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            }[];
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
        /** @description Fleet key missing, malformed (merchant keys included), unknown or revoked */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid fleet key",
                 *       "code": "unauthorized"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The key’s role cannot use this route (rider vs operations), or the key was revoked during the request */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "This route is for fleet operations keys",
                 *       "code": "forbidden"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No such job on offer, assigned to this rider, or (operations) live */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "No job 0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1 on offer or assigned to this key",
                 *       "code": "job_not_found"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The job’s state does not allow the move (invalid_transition), another rider took it first or, for operations, its status or rider changed meanwhile (concurrent_modification), the handoff is locked or its code expired; cash on delivery: another amount than the one due (collection_amount_mismatch), the delivery code while the payment is due (collection_pending), a job past the rider’s cash limit (cash_limit_exceeded), a deposit of more than the cash in hand (deposit_exceeds_cash_in_hand) or a deposit’s Idempotency-Key used for another deposit (idempotency_conflict) */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "A picked_by_agent job cannot take POST /fleet/v1/jobs/{id}/accept",
                 *       "code": "invalid_transition"
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
        /** @description Wrong handoff code (counted; the fifth locks the handoff) */
        Unprocessable: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Wrong pickup code; 3 tries left before the handoff locks",
                 *       "code": "wrong_code"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description This fleet key’s request limit exceeded; wait Retry-After seconds */
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
    listOffers: {
        parameters: {
            query?: {
                limit?: number;
                latitude?: number;
                longitude?: number;
                withinMeters?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Offers */
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
                     *           "offeredAt": "2026-11-22T10:00:01.000Z",
                     *           "pickup": {
                     *             "address": "MG Road, Bengaluru",
                     *             "city": "Bengaluru",
                     *             "pincode": "560001",
                     *             "latitude": 12.9756,
                     *             "longitude": 77.6066
                     *           },
                     *           "drop": {
                     *             "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *             "city": "Bengaluru",
                     *             "pincode": "560038",
                     *             "latitude": 12.9784,
                     *             "longitude": 77.6408
                     *           },
                     *           "distanceMeters": 4834,
                     *           "pickupDistanceMeters": 1210,
                     *           "packageDescription": "Documents",
                     *           "packageWeight": "750 g",
                     *           "collection": {
                     *             "amountMinor": 85000,
                     *             "status": "due",
                     *             "method": null,
                     *             "reference": null,
                     *             "collectedAt": null
                     *           }
                     *         }
                     *       ],
                     *       "limit": 20
                     *     }
                     */
                    "application/json": components["schemas"]["FleetOfferList"];
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
    listAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rider’s current jobs */
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
                     *           "status": "booked",
                     *           "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *           "version": 5,
                     *           "pickup": {
                     *             "address": "MG Road, Bengaluru",
                     *             "city": "Bengaluru",
                     *             "pincode": "560001",
                     *             "latitude": 12.9756,
                     *             "longitude": 77.6066,
                     *             "name": "Chai Point, MG Road",
                     *             "phone": "+919876543210",
                     *             "instructions": null
                     *           },
                     *           "drop": {
                     *             "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *             "city": "Bengaluru",
                     *             "pincode": "560038",
                     *             "latitude": 12.9784,
                     *             "longitude": 77.6408,
                     *             "name": "Asha Rao",
                     *             "phone": "+919845012345",
                     *             "instructions": "Gate behind the temple, 3rd floor"
                     *           },
                     *           "distanceMeters": 4834,
                     *           "packageDescription": "Documents",
                     *           "packageWeight": "750 g",
                     *           "riderLocation": {
                     *             "latitude": 12.9761,
                     *             "longitude": 77.6102,
                     *             "accuracy": 12,
                     *             "recordedAt": "2026-11-22T10:04:10.000Z"
                     *           },
                     *           "verification": {
                     *             "pickup": {
                     *               "status": "pending",
                     *               "expiresAt": null,
                     *               "verifiedAt": null,
                     *               "attemptsRemaining": 5
                     *             },
                     *             "delivery": {
                     *               "status": "pending",
                     *               "expiresAt": null,
                     *               "verifiedAt": null,
                     *               "attemptsRemaining": 5
                     *             }
                     *           },
                     *           "deliveryAttempts": [],
                     *           "pendingDecision": null,
                     *           "returnTrip": null,
                     *           "collection": null,
                     *           "events": [
                     *             {
                     *               "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *               "status": "created",
                     *               "actor": "merchant",
                     *               "note": null,
                     *               "createdAt": "2026-11-22T10:00:00.000Z"
                     *             },
                     *             {
                     *               "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *               "status": "queued",
                     *               "actor": "system",
                     *               "note": null,
                     *               "createdAt": "2026-11-22T10:00:01.000Z"
                     *             },
                     *             {
                     *               "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *               "status": "picked_by_agent",
                     *               "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *               "note": null,
                     *               "createdAt": "2026-11-22T10:02:00.000Z"
                     *             },
                     *             {
                     *               "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *               "status": "booking_in_progress",
                     *               "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *               "note": null,
                     *               "createdAt": "2026-11-22T10:02:30.000Z"
                     *             },
                     *             {
                     *               "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *               "status": "booked",
                     *               "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *               "note": null,
                     *               "createdAt": "2026-11-22T10:03:00.000Z"
                     *             }
                     *           ],
                     *           "createdAt": "2026-11-22T10:00:00.000Z",
                     *           "updatedAt": "2026-11-22T10:04:10.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFleetJob: {
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "status": "booked",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    acceptOffer: {
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
            /** @description The job, now this rider’s */
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
                     *         "status": "picked_by_agent",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    startConfirmation: {
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "status": "booking_in_progress",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    confirmJob: {
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "status": "booked",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    declineJob: {
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
            /** @description The job, back on offer */
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
                     *         "status": "queued",
                     *         "agentId": null,
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": null,
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    reportLocation: {
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
                 *       "latitude": 12.9761,
                 *       "longitude": 77.6102,
                 *       "accuracy": 12
                 *     }
                 */
                "application/json": components["schemas"]["LocationRequest"];
            };
        };
        responses: {
            /** @description The job with its new location */
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
                     *         "status": "booked",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    arrive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                handoff: "pickup" | "delivery" | "return";
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *         "status": "booked",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "active",
                     *             "expiresAt": "2026-11-22T10:40:00.000Z",
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    submitCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                handoff: "pickup" | "delivery" | "return";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "4821"
                 *     }
                 */
                "application/json": components["schemas"]["CodeRequest"];
            };
        };
        responses: {
            /** @description The code was right: the job moved on */
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
                     *         "status": "pickup_completed",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    failJob: {
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
                 *       "reason": "Store closed; nobody answered the phone"
                 *     }
                 */
                "application/json": components["schemas"]["FailRequest"];
            };
        };
        responses: {
            /** @description The failed job */
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
                     *         "status": "failed",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": null,
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    attemptDelivery: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
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
                 *       "reason": "customer_unreachable",
                 *       "note": "Called twice, no answer"
                 *     }
                 */
                "application/json": components["schemas"]["DeliveryAttemptRequest"];
            };
        };
        responses: {
            /** @description The job: waiting for the merchant’s decision (first attempt) or on its way back (second) */
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
                     *         "status": "pickup_completed",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "verified",
                     *             "expiresAt": "2026-11-22T10:40:00.000Z",
                     *             "verifiedAt": "2026-11-22T10:12:00.000Z",
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "unavailable",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [
                     *           {
                     *             "number": 1,
                     *             "reason": "customer_unreachable",
                     *             "note": "Called twice, no answer",
                     *             "createdAt": "2026-11-22T10:31:00.000Z"
                     *           }
                     *         ],
                     *         "pendingDecision": {
                     *           "options": [
                     *             "reattempt",
                     *             "return"
                     *           ],
                     *           "deadlineAt": "2026-11-22T10:41:00.000Z",
                     *           "defaultAction": "return"
                     *         },
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    recordCollection: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
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
                 *       "method": "upi",
                 *       "amountMinor": 85000,
                 *       "reference": "433512345678"
                 *     }
                 */
                "application/json": components["schemas"]["CollectionRequest"];
            };
        };
        responses: {
            /** @description The job with the payment collected: the delivery code can be submitted */
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
                     *         "status": "pickup_completed",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "verified",
                     *             "expiresAt": "2026-11-22T10:40:00.000Z",
                     *             "verifiedAt": "2026-11-22T10:12:00.000Z",
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "active",
                     *             "expiresAt": "2026-11-22T11:00:00.000Z",
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": {
                     *           "amountMinor": 85000,
                     *           "status": "collected",
                     *           "method": "upi",
                     *           "reference": "433512345678",
                     *           "collectedAt": "2026-11-22T10:31:00.000Z"
                     *         },
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    getRiderCash: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rider’s cash account */
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
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "inHandMinor": 85000,
                     *         "collectedCashMinor": 385000,
                     *         "depositedMinor": 300000,
                     *         "dueMinor": 42000,
                     *         "limitMinor": 2000000,
                     *         "entries": [
                     *           {
                     *             "kind": "collection",
                     *             "amountMinor": 85000,
                     *             "createdAt": "2026-11-22T10:31:00.000Z",
                     *             "storeId": "3f1e2d4c-5b6a-4789-8abc-def012345678",
                     *             "jobId": "0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1",
                     *             "depositId": null,
                     *             "reference": null
                     *           },
                     *           {
                     *             "kind": "deposit",
                     *             "amountMinor": 300000,
                     *             "createdAt": "2026-11-22T09:00:00.000Z",
                     *             "storeId": null,
                     *             "jobId": null,
                     *             "depositId": "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d",
                     *             "reference": "CASH-BLR-0042"
                     *           }
                     *         ],
                     *         "hasMoreEntries": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RiderCashResponse"];
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
    recordDeposit: {
        parameters: {
            query?: never;
            header: {
                "Idempotency-Key": string;
            };
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amountMinor": 300000,
                 *       "reference": "CASH-BLR-0042"
                 *     }
                 */
                "application/json": components["schemas"]["DepositRequest"];
            };
        };
        responses: {
            /** @description The same deposit came again with the same Idempotency-Key: the deposit it recorded, and the account as it now is */
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
                     *         "deposit": {
                     *           "id": "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d",
                     *           "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *           "amountMinor": 300000,
                     *           "reference": "CASH-BLR-0042",
                     *           "createdAt": "2026-11-22T09:00:00.000Z"
                     *         },
                     *         "account": {
                     *           "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *           "inHandMinor": 85000,
                     *           "collectedCashMinor": 385000,
                     *           "depositedMinor": 300000,
                     *           "dueMinor": 42000,
                     *           "limitMinor": 2000000
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DepositResponse"];
                };
            };
            /** @description The deposit was recorded */
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
                     *         "deposit": {
                     *           "id": "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d",
                     *           "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *           "amountMinor": 300000,
                     *           "reference": "CASH-BLR-0042",
                     *           "createdAt": "2026-11-22T09:00:00.000Z"
                     *         },
                     *         "account": {
                     *           "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *           "inHandMinor": 85000,
                     *           "collectedCashMinor": 385000,
                     *           "depositedMinor": 300000,
                     *           "dueMinor": 42000,
                     *           "limitMinor": 2000000
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DepositResponse"];
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
    resetLock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                handoff: "pickup" | "delivery" | "return";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job with the handoff active again */
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
                     *         "status": "failed",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "verified",
                     *             "expiresAt": "2026-11-22T10:40:00.000Z",
                     *             "verifiedAt": "2026-11-22T10:12:00.000Z",
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "unavailable",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [
                     *           {
                     *             "number": 1,
                     *             "reason": "customer_unreachable",
                     *             "note": "Called twice, no answer",
                     *             "createdAt": "2026-11-22T10:31:00.000Z"
                     *           }
                     *         ],
                     *         "pendingDecision": null,
                     *         "returnTrip": {
                     *           "reason": "undeliverable",
                     *           "status": "returning",
                     *           "startedAt": "2026-11-22T10:41:00.000Z",
                     *           "returnedAt": null,
                     *           "verification": {
                     *             "status": "active",
                     *             "expiresAt": "2026-11-22T11:20:00.000Z",
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
    reissueCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                handoff: "pickup" | "delivery" | "return";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job with the handoff active again */
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
                     *         "status": "booked",
                     *         "agentId": "rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *         "version": 5,
                     *         "pickup": {
                     *           "address": "MG Road, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560001",
                     *           "latitude": 12.9756,
                     *           "longitude": 77.6066,
                     *           "name": "Chai Point, MG Road",
                     *           "phone": "+919876543210",
                     *           "instructions": null
                     *         },
                     *         "drop": {
                     *           "address": "100 Feet Road, Indiranagar, Bengaluru",
                     *           "city": "Bengaluru",
                     *           "pincode": "560038",
                     *           "latitude": 12.9784,
                     *           "longitude": 77.6408,
                     *           "name": "Asha Rao",
                     *           "phone": "+919845012345",
                     *           "instructions": "Gate behind the temple, 3rd floor"
                     *         },
                     *         "distanceMeters": 4834,
                     *         "packageDescription": "Documents",
                     *         "packageWeight": "750 g",
                     *         "riderLocation": {
                     *           "latitude": 12.9761,
                     *           "longitude": 77.6102,
                     *           "accuracy": 12,
                     *           "recordedAt": "2026-11-22T10:04:10.000Z"
                     *         },
                     *         "verification": {
                     *           "pickup": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           },
                     *           "delivery": {
                     *             "status": "pending",
                     *             "expiresAt": null,
                     *             "verifiedAt": null,
                     *             "attemptsRemaining": 5
                     *           }
                     *         },
                     *         "deliveryAttempts": [],
                     *         "pendingDecision": null,
                     *         "returnTrip": null,
                     *         "collection": null,
                     *         "events": [
                     *           {
                     *             "id": "6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2",
                     *             "status": "created",
                     *             "actor": "merchant",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b",
                     *             "status": "queued",
                     *             "actor": "system",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:00:01.000Z"
                     *           },
                     *           {
                     *             "id": "1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c",
                     *             "status": "picked_by_agent",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:00.000Z"
                     *           },
                     *           {
                     *             "id": "2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d",
                     *             "status": "booking_in_progress",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:02:30.000Z"
                     *           },
                     *           {
                     *             "id": "3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e",
                     *             "status": "booked",
                     *             "actor": "rider:rider_7Qm2Xc9LpB4tR1vN8sKd",
                     *             "note": null,
                     *             "createdAt": "2026-11-22T10:03:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-11-22T10:00:00.000Z",
                     *         "updatedAt": "2026-11-22T10:04:10.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FleetJobResponse"];
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
}
