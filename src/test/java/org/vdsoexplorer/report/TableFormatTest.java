package org.vdsoexplorer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV (RFC 4180) and Markdown tables of texts: read back by an independent parser / checked line by line. */
class TableFormatTest {
    static final List<String> HEADER = List.of("cell", "a, b", "n");
    static final List<List<String>> ROWS = List.of(List.of("say \"hi\"", "x|y", "1.5"), List.of("two\nlines", "", "-2"));

    @Test
    void csvQuotesCommasQuotesAndLineBreaksAndReadsBack() {
        String csv = ReportFormat.csv(HEADER, ROWS);
        List<List<String>> back = parseCsv(csv);
        assertEquals(HEADER, back.get(0));
        assertEquals(ROWS, back.subList(1, back.size()));
        assertEquals("cell,\"a, b\",n\r\n", csv.substring(0, csv.indexOf('\n') + 1));
    }

    @Test
    void markdownEscapesPipesAlignsNumbersRight() {
        String[] lines = ReportFormat.markdown(HEADER, ROWS, 2).split("\n");
        assertEquals(4, lines.length);
        assertEquals("| cell | a, b | n |", lines[0]);
        assertEquals("|---|---|---:|", lines[1]);
        assertEquals("| say \"hi\" | x\\|y | 1.5 |", lines[2]);
        assertEquals("| two lines |  | -2 |", lines[3]);
    }

    /** A minimal RFC 4180 reader, written separately from the writer. */
    static List<List<String>> parseCsv(String s) {
        List<List<String>> out = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < s.length() && s.charAt(i + 1) == '"') { cell.append('"'); i++; }
                else if (c == '"') quoted = false;
                else cell.append(c);
            } else if (c == '"') quoted = true;
            else if (c == ',') { row.add(cell.toString()); cell.setLength(0); }
            else if (c == '\r') { }
            else if (c == '\n') { row.add(cell.toString()); cell.setLength(0); out.add(row); row = new ArrayList<>(); }
            else cell.append(c);
        }
        return out;
    }
}
