/** A file's text, imported with Vite's `?raw` suffix (the tests read styles.css this way). */
declare module "*?raw" {
  const text: string;
  export default text;
}
