import type { events as en } from '../en/events.ts';

/** इवेंट (Events) हिन्दी में। */
export const events: typeof en = {
  title: 'इवेंट',
  intro: 'जो कुछ बदला, पुराना पहले: वही फ़ीड जो GET /v1/events किसी इंटीग्रेशन को देता है। इवेंट 30 दिन रखे जाते हैं।',
  filters: 'फ़ीड छाँटें',
  type: 'प्रकार',
  anyType: 'हर प्रकार',
  jobId: 'जॉब आईडी',
  jobIdHint: 'एक जॉब के इवेंट: उसकी आईडी, जैसी जॉब के पेज पर है।',
  apply: 'लागू करें',
  clear: 'फ़िल्टर हटाएँ',
  feed: 'इवेंट, पुराने पहले',
  columns: { time: 'समय', type: 'प्रकार', job: 'जॉब', sequence: 'क्रम', about: 'किस बारे में', data: 'डेटा' },
  empty: 'यहाँ कोई इवेंट नहीं।',
  upToDate: 'अभी कोई नया इवेंट नहीं।',
  checkAgain: 'फिर से देखें',
  showData: 'डेटा दिखाएँ',
  jobStatus: (status) => `जॉब अब ${status}`,
  endpoint: (url) => `एंडपॉइंट ${url}`,
  remittance: (id) => `प्रेषण ${id}`,
  changedFields: (fields) => `बदला: ${fields}`,
};
