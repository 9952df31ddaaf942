/**
 * Prints docs/operations.md's "Idle cost" tables from a freshly synthesised `prod` stage (as the guide
 * deploys it): `npm run -s cost-table`. test/infra/idle-cost.test.ts fails until the guide holds them.
 */
import { idleCost, renderCostTable, renderPriceTable } from '../lib/cost.ts';
import { STAGES, synth } from '../test/infra/synth.ts';

const cost = idleCost(synth(STAGES.prod).template.toJSON() as Parameters<typeof idleCost>[0]);
console.log(
  [
    '**The background work**:',
    renderCostTable(cost.work),
    '**The rest of the stack, idle:**',
    renderCostTable(cost.rest),
    '**The list prices used:**',
    renderPriceTable(),
  ].join('\n\n'),
);
