package org.hsdba.container.oar;

/**
 * A {@code mvn:group/artifact/version[/type[/classifier]]} URL and the path it has in a Maven
 * repository layout ({@code group/as/dirs/artifact/version/artifact-version[-classifier].type}).
 */
public final class MavenUrl {

    private final String url;
    private final String path;

    private MavenUrl(String url, String path) {
        this.url = url;
        this.path = path;
    }

    public static MavenUrl parse(String url) {
        if (!url.startsWith("mvn:")) {
            throw new IllegalArgumentException("not a mvn: URL: " + url);
        }
        String[] parts = url.substring(4).split("/");
        if (parts.length < 3 || parts.length > 5) {
            throw new IllegalArgumentException("mvn: URL needs group/artifact/version[/type[/classifier]]: " + url);
        }
        String type = parts.length > 3 && !parts[3].isEmpty() ? parts[3] : "jar";
        String classifier = parts.length > 4 ? "-" + parts[4] : "";
        String path = parts[0].replace('.', '/') + "/" + parts[1] + "/" + parts[2] + "/"
                + parts[1] + "-" + parts[2] + classifier + "." + type;
        return new MavenUrl(url, path);
    }

    public String url() {
        return url;
    }

    /** Relative path in a repository. */
    public String path() {
        return path;
    }

    @Override
    public String toString() {
        return url;
    }
}
