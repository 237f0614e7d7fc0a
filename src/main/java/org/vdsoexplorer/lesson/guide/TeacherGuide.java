package org.vdsoexplorer.lesson.guide;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonParser;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * {@code teacher-guide DIR} (issue 26 item 2): for every lesson a guide (objectives, a 50-minute lab plan, the answer
 * key with the measured figures, the misconceptions and their steps, the speaker notes) and a worksheet, each as HTML and
 * as PDF (openhtmltopdf on Apache PDFBox, a kept library), one lesson per file: {@code NN-id-guide.html/.pdf},
 * {@code NN-id-worksheet.html/.pdf}. Written atomically. The PDF uses the PDF standard fonts, so text outside their
 * Latin-1 range is spelled out first ({@link #printable}).
 */
public final class TeacherGuide {
    private TeacherGuide() {}

    static {
        com.openhtmltopdf.util.XRLog.setLoggingEnabled(false); // its INFO lines on standard error say nothing to the user
    }

    /** What was written for one lesson. */
    public record Written(Lesson lesson, List<Path> files, int answers) {}

    /** Writes the guide and worksheet of each of {@code lessons} into {@code dir}; {@code ev} computes the answers. */
    public static List<Written> write(List<Lesson> lessons, Path dir, Evaluator ev) throws IOException {
        List<Written> out = new ArrayList<>();
        for (Lesson l : lessons) {
            byte[] source = null;
            try {
                source = AtomicFiles.input(Path.of(l.file()), LessonParser.MAX_BYTES, "a lesson", LinkOption.NOFOLLOW_LINKS);
            } catch (BadInputException e) {
                // an assessment's other draws are then left out of its key; the rest needs only the parsed lesson
            }
            List<AnswerKey.Entry> key = AnswerKey.of(l, source, ev);
            String base = l.optional() ? "side-" + l.id() : String.format(Locale.ROOT, "%02d-%s", l.order(), l.id());
            List<Path> files = new ArrayList<>();
            files.addAll(both(dir.resolve(base + "-guide"), GuidePages.guide(l, key)));
            files.addAll(both(dir.resolve(base + "-worksheet"), GuidePages.worksheet(l)));
            out.add(new Written(l, files, key.size()));
        }
        return out;
    }

    /** {@code html} as {@code base.html} and {@code base.pdf}. */
    private static List<Path> both(Path base, String html) throws IOException {
        Path h = base.resolveSibling(base.getFileName() + ".html"), p = base.resolveSibling(base.getFileName() + ".pdf");
        AtomicFiles.write(h, html.getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(p, pdf(html));
        return List.of(h, p);
    }

    /** The page as PDF. */
    static byte[] pdf(String html) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PdfRendererBuilder b = new PdfRendererBuilder();
            b.useFastMode();
            b.withHtmlContent(printable(html), null);
            b.toStream(out);
            b.run();
        } catch (RuntimeException e) {
            throw new IOException("the PDF renderer failed: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /**
     * {@code html} with every character the PDF standard fonts lack (WinAnsi) spelled in ones they have ("->" for an
     * arrow, "+-" stays the plus-minus sign), and what remains as its Unicode name's code ("U+2713").
     */
    static String printable(String html) {
        StringBuilder sb = new StringBuilder(html.length());
        java.nio.charset.CharsetEncoder win = java.nio.charset.Charset.forName("windows-1252").newEncoder();
        html.codePoints().forEach(c -> {
            String s = new String(Character.toChars(c));
            if (c < 0x80 || win.canEncode(s)) {
                sb.append(s);
                return;
            }
            sb.append(switch (c) {
                case 0x2192 -> "-&gt;";
                case 0x2190 -> "&lt;-";
                case 0x2264 -> "&lt;=";
                case 0x2265 -> "&gt;=";
                case 0x2248 -> "~";
                case 0x2260 -> "!=";
                case 0x2713, 0x2714 -> "[x]";
                case 0x2717, 0x2718 -> "[ ]";
                case 0x2610 -> "[ ]";
                case 0x25bc -> "v";
                case 0x25b6 -> "&gt;";
                case 0x25c0 -> "&lt;";
                case 0x2212 -> "-";
                case 0x2009, 0x202f, 0x00a0 -> " ";
                default -> String.format(Locale.ROOT, "U+%04X", c);
            });
        });
        return sb.toString();
    }
}
