package dev.deflateaccel.claims;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers written in a piece of text, as a reader sees them: "6,120" is 6120, "0.58x" is
 * 0.58, "−24%" is 24 (signs are dropped on both sides of a comparison, so "−0.1%" in a doc
 * matches "-0.1%" in a report however the minus is written).
 */
public final class NumberTokens {
    /** Thousands separated by commas, or plain digits; an optional decimal part. */
    public static final String NUMBER = "(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?";
    private static final Pattern TOKEN = Pattern.compile("(?<![\\d.,])" + NUMBER);
    /** A report's number as a reader counts them: not the 99 of p99 nor the 4 of LZ4. */
    private static final Pattern STANDALONE = Pattern.compile("(?<![\\w.,])" + NUMBER);

    private NumberTokens() {
    }

    public static List<BigDecimal> in(String text) {
        List<BigDecimal> numbers = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            numbers.add(parse(m.group()));
        }
        return numbers;
    }

    /** A number of a report and whether the report wrote it as a ratio ("0.58x", "1.94×"). */
    public static final class Token {
        public final BigDecimal value;
        public final boolean ratio;

        Token(BigDecimal value, boolean ratio) {
            this.value = value;
            this.ratio = ratio;
        }
    }

    public static List<Token> tokens(String text) {
        List<Token> tokens = new ArrayList<>();
        Matcher m = STANDALONE.matcher(text);
        while (m.find()) {
            char next = m.end() < text.length() ? text.charAt(m.end()) : ' ';
            tokens.add(new Token(parse(m.group()), next == 'x' || next == '×'));
        }
        return tokens;
    }

    public static BigDecimal parse(String token) {
        return new BigDecimal(token.replace(",", ""));
    }
}
