package org.hsdba.rest.server;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.util.Objects;

import org.eclipse.jetty.security.HashLoginService;
import org.eclipse.jetty.security.UserStore;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.BlockingArrayQueue;
import org.eclipse.jetty.util.security.Password;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.webapp.Configuration;
import org.eclipse.jetty.webapp.WebAppContext;
import org.eclipse.jetty.webapp.WebXmlConfiguration;
import org.hsdba.api.HsdbaService;

/**
 * The hsdba web context outside ONOS, for the lab: Jetty 9.4 deploys this bundle's own
 * {@code WEB-INF/web.xml} (Jersey with {@code HsdbaWebApplication} under {@code /onos/hsdba/v1},
 * the GUI under {@code /onos/hsdba/ui/}, BASIC auth in realm {@code karaf}) with one user who has
 * ONOS's roles admin and viewer, and the given service behind the resources; and, for browsers, a
 * login page and logout ({@link LabLogin}: {@code /onos/hsdba/login}, {@code /onos/hsdba/logout}).
 *
 * <pre>
 * try (HsdbaRestServer rest = HsdbaRestServer.start(service, new InetSocketAddress("127.0.0.1", 8181))) {
 *     System.out.println("GUI at " + rest.uiUri());
 *     ...
 * }
 * </pre>
 */
public final class HsdbaRestServer implements AutoCloseable {

    public static final String CONTEXT_PATH = "/onos/hsdba";
    public static final String DEFAULT_USER = "onos";
    public static final String DEFAULT_PASSWORD = "rocks";
    /** The realm ONOS's web contexts authenticate in. */
    public static final String REALM = "karaf";
    private static final String[] ROLES = {"admin", "viewer"};
    /** Jetty threads (acceptor and selector included); requests beyond them wait in the queue. */
    public static final int MAX_THREADS = 64;
    private static final int MIN_THREADS = 8;
    /** Jobs waiting for a thread; beyond it Jetty closes new connections rather than queueing them. */
    private static final int QUEUE_CAPACITY = 4096;

    private final Server server;
    private final HsdbaService service;
    private final URI baseUri;

    private HsdbaRestServer(Server server, HsdbaService service, URI baseUri) {
        this.server = server;
        this.service = service;
        this.baseUri = baseUri;
    }

    /** Starts with the default credentials {@code onos} / {@code rocks}. */
    public static HsdbaRestServer start(HsdbaService service, InetSocketAddress address) {
        return start(service, address, DEFAULT_USER, DEFAULT_PASSWORD);
    }

    /**
     * Starts serving {@code service} on {@code address} (port 0: any free port, see {@link #port()});
     * {@code user} / {@code password} are the only credentials accepted.
     */
    public static HsdbaRestServer start(HsdbaService service, InetSocketAddress address, String user, String password) {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(address, "address");
        if (user == null || user.isEmpty() || password == null || password.isEmpty()) {
            throw new IllegalArgumentException("a user name and a password are required");
        }
        // Bounded: a burst of clients queues for a thread instead of growing the pool without end,
        // and idle threads go after 30 s.
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS, 30_000,
                new BlockingArrayQueue<>(QUEUE_CAPACITY, QUEUE_CAPACITY, QUEUE_CAPACITY));
        threads.setName("hsdba-rest");
        Server server = new Server(threads);
        server.addBean(new JsonErrorHandler());
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        server.addConnector(connector);
        BasicAuthGuard guard = new BasicAuthGuard(REALM);
        guard.setHandler(context(user, password));
        // The login page's session stands for the lab's credentials, checked by the guard and the context.
        LabLogin login = new LabLogin(CONTEXT_PATH, user, password);
        login.setHandler(guard);
        server.setHandler(login);
        server.setStopAtShutdown(false);
        ServiceDirectoryHook.install(service);
        try {
            server.start();
        } catch (Exception e) {
            ServiceDirectoryHook.uninstall(service);
            stopQuietly(server);
            throw new IllegalStateException("cannot start the REST server on " + address + ": " + e.getMessage(), e);
        }
        URI base = URI.create("http://" + hostForUri(address) + ":" + connector.getLocalPort() + CONTEXT_PATH + "/");
        return new HsdbaRestServer(server, service, base);
    }

    private static WebAppContext context(String user, String password) {
        URL webXml = HsdbaRestServer.class.getResource("/WEB-INF/web.xml");
        if (webXml == null) {
            throw new IllegalStateException("WEB-INF/web.xml of hsdba-rest-api is not on the class path");
        }
        WebAppContext context = new WebAppContext();
        context.setContextPath(CONTEXT_PATH);
        context.setDescriptor(webXml.toExternalForm());
        // Only web.xml: no Jetty default servlet, no class-path scanning, our own class loader.
        context.setDefaultsDescriptor(null);
        context.setConfigurations(new Configuration[] {new WebXmlConfiguration()});
        context.setClassLoader(HsdbaRestServer.class.getClassLoader());
        context.setParentLoaderPriority(true);
        context.setThrowUnavailableOnStartupException(true);
        context.setErrorHandler(new AllMethodsErrorPages()); // before web.xml adds its error pages to it
        UserStore users = new UserStore();
        users.addUser(user, new Password(password), ROLES);
        HashLoginService login = new HashLoginService(REALM);
        login.setUserStore(users);
        context.getSecurityHandler().setLoginService(login);
        return context;
    }

    private static String hostForUri(InetSocketAddress address) {
        String host = address.getHostString();
        if (host.isEmpty() || host.equals("0.0.0.0")) {
            return "127.0.0.1";
        }
        return host.contains(":") ? "[" + host + "]" : host;
    }

    /** The port the server listens on. */
    public int port() {
        return baseUri.getPort();
    }

    /** {@code http://host:port/onos/hsdba/}. */
    public URI baseUri() {
        return baseUri;
    }

    /** The REST API's base, {@code .../onos/hsdba/v1/}. */
    public URI apiUri() {
        return baseUri.resolve("v1/");
    }

    /** The GUI, {@code .../onos/hsdba/ui/}. */
    public URI uiUri() {
        return baseUri.resolve("ui/");
    }

    /** Stops accepting requests, ends those in progress and releases the port. */
    @Override
    public void close() {
        try {
            stopQuietly(server);
        } finally {
            ServiceDirectoryHook.uninstall(service);
        }
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
            server.join();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the REST server: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "HsdbaRestServer{" + baseUri + "}";
    }
}
