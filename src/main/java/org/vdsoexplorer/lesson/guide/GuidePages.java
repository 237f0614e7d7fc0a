package org.vdsoexplorer.lesson.guide;

import java.util.List;
import org.commonmark.renderer.html.HtmlRenderer;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonParser;
import org.vdsoexplorer.lesson.Misconception;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;

/**
 * The teacher's guide and the student's worksheet of one lesson as XHTML (well-formed, so the PDF renderer reads it
 * as it is): Markdown of prompts and notes rendered by commonmark (the lesson panel's parser), every other text escaped.
 * Print styles: A4, margins, no box or table row split across pages.
 */
final class GuidePages {
    private GuidePages() {}

    private static final HtmlRenderer HTML = HtmlRenderer.builder().escapeHtml(true).build();

    static final String STYLE = """
            @page { size: A4; margin: 16mm 15mm 18mm 15mm; }
            body { font-family: sans-serif; font-size: 10.5pt; line-height: 1.35; color: #111; }
            h1 { font-size: 18pt; margin: 0 0 4pt 0; }
            h2 { font-size: 13pt; margin: 14pt 0 4pt 0; border-bottom: 1px solid #888; }
            h3 { font-size: 11pt; margin: 10pt 0 2pt 0; }
            .meta { color: #444; font-size: 9.5pt; }
            table { border-collapse: collapse; width: 100%; }
            td, th { border: 1px solid #999; padding: 3pt 5pt; vertical-align: top; text-align: left; }
            th { background: #eee; }
            tr, .q, .key { page-break-inside: avoid; }
            code { font-family: monospace; font-size: 9.5pt; }
            pre { font-family: monospace; font-size: 9pt; white-space: pre-wrap; word-wrap: break-word; }
            p { margin: 2pt 0 4pt 0; }
            .later td { color: #555; font-style: italic; }
            .answer { font-weight: bold; }
            .lines { border-bottom: 1px solid #777; height: 9mm; }
            .box { border: 1px solid #777; height: 30mm; margin-top: 3pt; }
            .opt { margin: 2pt 0 2pt 12pt; }
            .q { margin-bottom: 8pt; }
            """;

    static String page(String title, String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"
                + "<head><meta charset=\"UTF-8\"/><title>" + esc(title) + "</title><style>" + STYLE + "</style></head><body>"
                + body + "</body></html>\n";
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Markdown (a prompt, an explanation, notes) as HTML. */
    static String md(String s) { return s == null ? "" : HTML.render(LessonParser.markdownParser().parse(s)); }

    /** Where the step puts the model, in words (what the student sees on screen). */
    static String onScreen(Step s) {
        StepSetup e = s.effectiveSetup();
        if (e == null) return "";
        String view = e.focus() == null ? "" : "; the " + e.focus().name().toLowerCase(java.util.Locale.ROOT) + " view"
                + (e.highlight() == null ? "" : " (" + e.highlight() + ")");
        return e.label() + (e.compare() == null ? "" : " against " + e.compareLabel()) + view;
    }

    /** "Step N. Title", or the title alone when it is numbered already ("3. Where the writer strikes"). */
    static String heading(Step s) {
        return (s.title().matches("[0-9]+\\..*") ? "" : "Step " + s.number() + ". ") + esc(s.title());
    }

    static String guide(Lesson l, List<AnswerKey.Entry> key) {
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(l.title())).append(" &#8212; teacher's guide</h1>");
        b.append("<p class=\"meta\">Lesson ").append(l.order()).append(" (").append(esc(l.id())).append("), ").append(l.minutes())
                .append(" minutes of steps").append(l.assessment() ? "; an assessment: each student's questions are drawn from a seed"
                        + ", so the key lists every alternative" : "").append("</p>");
        b.append("<h2>Objectives</h2><ul>");
        for (String o : l.objectives()) b.append("<li>").append(esc(o)).append("</li>");
        b.append("</ul><h2>A 50-minute lab</h2><table><tr><th style=\"width: 22mm\">Minute</th><th>What</th>"
                + "<th style=\"width: 18mm\">Minutes</th></tr>");
        for (LabPlan.Slot s : LabPlan.of(l)) {
            b.append(s.later() ? "<tr class=\"later\"><td>next session</td>" : "<tr><td>" + LabPlan.clock(s.from()) + "&#8211;"
                    + LabPlan.clock(s.to()) + "</td>");
            b.append("<td>").append(s.step() == null ? esc(s.what()) : heading(s.step())).append("</td><td>")
                    .append(AnswerKey.fmt(s.to() - s.from())).append("</td></tr>");
        }
        b.append("</table><h2>Misconceptions and the step that addresses each</h2><table><tr><th>Students may believe</th><th>Step</th></tr>");
        for (Misconception m : l.misconceptions()) {
            Step at = l.steps().stream().filter(s -> s.title().equals(m.step())).findFirst().orElse(null);
            b.append("<tr><td>").append(esc(m.text())).append("</td><td>").append(at == null ? esc(m.step()) : heading(at))
                    .append("</td></tr>");
        }
        b.append("</table><h2>Answer key</h2><p class=\"meta\">Every answer is what the lesson panel accepts, computed by the model"
                + " (predictions, clicks, challenges) or written in the lesson (choices, explanations).</p>");
        for (AnswerKey.Entry e : key) {
            Question q = e.step().question();
            b.append("<div class=\"key\"><h3>").append(heading(e.step()))
                    .append(" <span class=\"meta\">(").append(q.type().name().toLowerCase(java.util.Locale.ROOT)).append(")</span></h3>");
            if (!e.draw().isEmpty()) b.append("<p class=\"meta\">Drawn: ").append(esc(e.draw())).append("</p>");
            b.append(md(q.prompt()));
            b.append("<p>Answer: <span class=\"answer\">").append(esc(e.answer())).append("</span>")
                    .append(e.accepts().isEmpty() ? "" : " <span class=\"meta\">(accepted: " + esc(e.accepts()) + ")</span>").append("</p>");
            if (!e.detail().isEmpty()) b.append("<p class=\"meta\">What the model did: ").append(esc(e.detail())).append("</p>");
            for (String m : e.measured()) b.append("<p class=\"meta\">Measured: ").append(esc(m)).append("</p>");
            b.append("</div>");
        }
        b.append("<h2>Speaker notes</h2>");
        boolean any = false;
        for (Step s : l.steps()) {
            if (s.notes() == null || s.notes().isBlank()) continue;
            any = true;
            b.append("<h3>").append(heading(s)).append("</h3>").append(md(s.notes()));
        }
        if (!any) b.append("<p class=\"meta\">This lesson has no speaker notes.</p>");
        return page(l.title() + " - teacher's guide", b.toString());
    }

    static String worksheet(Lesson l) {
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(l.title())).append(" &#8212; worksheet</h1>");
        b.append("<p>Name: ______________________________ &#160; Date: ______________")
                .append(l.assessment() ? " &#160; Seed: __________" : "").append("</p>");
        b.append("<p class=\"meta\">Work beside the app: open the lesson, and at each step write what you read off the screen, "
                + "then your answer, before you press the button that checks it.</p>");
        for (Step s : l.steps()) {
            Question q = s.question();
            if (q == null) continue;
            b.append("<div class=\"q\"><h3>").append(heading(s)).append("</h3>");
            String screen = onScreen(s);
            boolean drawn = l.assessment() && s.setup() != null;
            if (!screen.isEmpty() && !l.assessment()) b.append("<p class=\"meta\">On screen: ").append(esc(screen)).append("</p>");
            if (drawn) {
                b.append("<p class=\"meta\">Your question is drawn from your seed: read it in the app. The setup it names:</p>"
                        + "<div class=\"lines\"></div><p>My answer: ______________ &#160; Right? \u2610 yes \u2610 no</p></div>");
                continue;
            }
            b.append(md(q.prompt()));
            switch (q.type()) {
                case CHOICE -> {
                    for (String o : q.options()) b.append("<p class=\"opt\">\u2610 ").append(esc(o)).append("</p>");
                }
                case PREDICT, MODIFY -> {
                    if (q.type() == Question.Type.MODIFY) b.append("<p class=\"meta\">Predict first, then toggle the annotation "
                            + "above the C source in the code view.</p>");
                    List<String> cs = q.choices(s.effectiveSetup());
                    if (!cs.isEmpty() && cs.size() <= 6) {
                        for (String o : cs) b.append("<p class=\"opt\">\u2610 ").append(esc(o)).append("</p>");
                    } else {
                        b.append("<p>My prediction: ______________</p>");
                    }
                    b.append("<p>What the model showed: ______________ &#160; Right? \u2610 yes \u2610 no</p>");
                }
                case CLICK -> b.append("<p>The instruction or slot I chose (address, C line or slot): ______________</p>"
                        + "<p>What the model showed: ______________</p>");
                case CHALLENGE -> b.append("<p>Goal: ").append(esc(String.valueOf(q.goal()))).append("</p><p>What I did "
                        + "(where I placed writer updates, or which setup I picked), and the call's figures (retries, spins, "
                        + "instructions) from the counters bar:</p><div class=\"lines\"></div><div class=\"lines\"></div>");
                case EXPLAIN -> b.append("<div class=\"box\"></div>");
            }
            b.append("</div>");
        }
        return page(l.title() + " - worksheet", b.toString());
    }
}
