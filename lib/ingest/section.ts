// A piece of a document's text with where it came from: what every extractor yields.
export interface Section {
  text: string;
  /** 1-based page number (PDF). */
  page?: number;
  /** The nearest heading above the text (DOCX, HTML, Markdown). */
  heading?: string;
}
