import type { jobs as en } from '../en/jobs.ts';

/** जॉब: सूची और उसके फ़िल्टर। */
export const jobs: typeof en = {
  title: 'जॉब',
  filters: 'फ़िल्टर',
  status: 'स्थिति',
  anyStatus: 'कोई भी स्थिति',
  createdFrom: 'इस तारीख़ से बुक (IST)',
  createdTo: 'इस तारीख़ तक बुक (IST, शामिल)',
  externalOrderId: 'ऑर्डर आईडी',
  orderIdHint: 'बिल्कुल वही आईडी; ऑर्डर आईडी के साथ बाकी फ़िल्टर नहीं जुड़ते।',
  needsDecision: 'सिर्फ़ मेरे फ़ैसले का इंतज़ार करती जॉब',
  needsDecisionHint: 'फ़ैसले का इंतज़ार करती सभी जॉब का पार्सल उठाया जा चुका है: इसके साथ स्थिति फ़िल्टर लागू नहीं होता।',
  apply: 'फ़िल्टर लगाएँ',
  clear: 'फ़िल्टर हटाएँ',
  caption: (from, to) => `जॉब ${from}–${to}, सबसे नई पहले`,
  empty: 'इन फ़िल्टर से कोई जॉब नहीं मिली।',
  emptyAll: 'अभी कोई जॉब नहीं।',
  order: 'ऑर्डर',
  customer: 'ग्राहक',
  drop: 'ड्रॉप',
  charge: 'शुल्क',
  created: 'बुक हुई',
  noOrderId: '(ऑर्डर आईडी नहीं)',
  next: 'अगला पेज',
  previous: 'पिछला पेज',
  paging: 'पेज',
};
