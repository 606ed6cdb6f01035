// Function words carry no hint of which tool a request needs; left in, they would make every tool look
// a little similar to every query. Kept short on purpose: a word that names an action ("get", "send",
// "find") is never a stop word here, because actions are exactly what separates tools.
export const stopWords: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'during', 'each', 'eg', 'either', 'etc',
  'for', 'from', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'him', 'his', 'how',
  'i', 'ie', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just',
  'let', 'may', 'me', 'might', 'more', 'most', 'must', 'my', 'no', 'nor', 'not', 'now',
  'of', 'off', 'on', 'once', 'only', 'or', 'other', 'our', 'ours', 'out', 'over', 'own',
  'please', 'same', 'she', 'should', 'so', 'some', 'such',
  'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too',
  'under', 'until', 'up', 'us', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why',
  'will', 'with', 'would', 'you', 'your', 'yours',
]);
