// Which requests are robots' (issue 37, docs/STATS.md «Counting views»): a request without a browser's user agent, or
// one that names itself a crawler, a link preview, a monitor or a command-line tool. Read once per counted view and
// then forgotten: the user agent is never stored. HeadlessChrome is a browser (the project's own journeys drive it).
const ROBOT_WORDS =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|embedly|preview|scrape|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|node-fetch|axios\/|undici|libwww|httpclient|headless(?!chrome)|phantomjs|lighthouse|pagespeed|chrome-lighthouse|gtmetrix|pingdom|uptime|monitor|statuscake|site24x7|datadog|newrelic|zgrab|masscan|nmap|nikto|feedfetcher|feedly|rss|whatsapp|telegrambot|skypeuripreview|vkshare|yandex(?!browser)|mail\.ru_bot|applebot|bingpreview/i;

/** Whether the user agent is a robot's: missing, empty or not a browser's, or one of the usual robots' words. */
export function isRobot(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return true;
  const agent = userAgent.trim();
  // Every browser's user agent begins with Mozilla/ (Opera's old Opera/ aside): anything else is a tool.
  if (agent === '' || !/^(mozilla|opera)\//i.test(agent)) return true;
  return ROBOT_WORDS.test(agent);
}
