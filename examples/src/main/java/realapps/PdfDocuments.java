package realapps;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.text.PDFTextStripper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A PDF library at work (Apache PDFBox, from Maven Central): writes DOCUMENTS documents of PAGES
 * pages of text each, reads each back and extracts its text, and prints the pages and characters
 * read, so a traced run can be compared with a plain one. Usage:
 * {@code realapps.PdfDocuments [DOCUMENTS] [PAGES]}.
 */
public final class PdfDocuments {
    private PdfDocuments() {}

    /** Held: JUL keeps loggers weakly. PDFBox says on every font that it maps Helvetica to a system font. */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("org.apache.pdfbox");

    public static void main(String[] args) throws IOException {
        QUIET.setLevel(java.util.logging.Level.SEVERE);
        int documents = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int pages = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        long pagesRead = 0;
        long chars = 0;
        for (int d = 0; d < documents; d++) {
            byte[] pdf = write(d, pages);
            try (PDDocument doc = Loader.loadPDF(pdf)) {
                pagesRead += doc.getNumberOfPages();
                chars += new PDFTextStripper().getText(doc).length();
            }
        }
        System.out.println(documents + " documents, " + pagesRead + " pages, " + chars + " characters read back");
    }

    private static byte[] write(int d, int pages) throws IOException {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (int p = 0; p < pages; p++) {
                PDPage page = new PDPage();
                doc.addPage(page);
                try (PDPageContentStream text = new PDPageContentStream(doc, page)) {
                    text.beginText();
                    text.setFont(font, 10);
                    text.setLeading(12);
                    text.newLineAtOffset(50, 740);
                    for (int line = 0; line < 55; line++) {
                        text.showText("Document " + d + ", page " + p + ", line " + line
                                + ": the quick brown fox jumps over the lazy dog " + (d * 7919 + p * 104729 + line) % 100_003);
                        text.newLine();
                    }
                    text.endText();
                }
            }
            doc.save(out);
            return out.toByteArray();
        }
    }
}
