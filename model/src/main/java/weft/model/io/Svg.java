package weft.model.io;

import java.util.Locale;

/**
 * Plain SVG text, one element per call: the one writer behind every picture Weft draws ({@link SvgChart}, the
 * simulator's fabric picture). Coordinates are pixels from the top left; text is escaped.
 */
public final class Svg {
    private final StringBuilder s = new StringBuilder();
    private final int width;
    private final int height;

    /** A white canvas of {@code width x height} pixels with a title centred at the top. */
    public Svg(int width, int height, String title) {
        this.width = width;
        this.height = height;
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", width, height, width, height));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", width, height));
        text(width / 2.0, 22, "middle", 15, title);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** A straight line. */
    public Svg line(double x1, double y1, double x2, double y2, String colour, int strokeWidth) {
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"%d\"/>%n", x1, y1, x2, y2, colour, strokeWidth));
        return this;
    }

    /** Text anchored {@code start}, {@code middle} or {@code end} at (x, y). */
    public Svg text(double x, double y, String anchor, int size, String content) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\">%s"
                + "</text>%n", x, y, size, anchor, escape(content)));
        return this;
    }

    /** Text turned a quarter left, centred at (x, y) (a y axis label). */
    public Svg verticalText(double x, double y, int size, String content) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 %.1f %.1f)\">%s</text>%n", x, y, size, x, y, escape(content)));
        return this;
    }

    /** A filled circle, with an optional tooltip (null for none). */
    public Svg circle(double x, double y, double r, String fill, String stroke, String tooltip) {
        s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"%s>", x, y, r,
                fill, stroke == null ? "" : " stroke=\"" + stroke + "\""));
        if (tooltip != null) {
            s.append("<title>").append(escape(tooltip)).append("</title>");
        }
        s.append("</circle>\n");
        return this;
    }

    /** A filled rectangle. */
    public Svg rect(double x, double y, double w, double h, String fill) {
        s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                + "fill=\"%s\"/>%n", x, y, w, h, fill));
        return this;
    }

    /** An unfilled path from SVG path data ({@code M x y L x y ...}), solid or dashed. */
    public Svg path(String d, String colour, int strokeWidth, boolean dashed) {
        s.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(colour)
                .append("\" stroke-width=\"").append(strokeWidth).append('"')
                .append(dashed ? " stroke-dasharray=\"6 4\"" : "").append("/>\n");
        return this;
    }

    /** The document, closed. */
    public String end() {
        return s + "</svg>\n";
    }

    /** A number with at most two decimals and no trailing zeros. */
    public static String fmt(double v) {
        String t = String.format(Locale.ROOT, "%.2f", v);
        return t.contains(".") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
    }

    private static String escape(String t) {
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
