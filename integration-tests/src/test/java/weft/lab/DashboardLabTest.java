package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import weft.controller.rest.RestApi;
import weft.model.topology.Link;

/**
 * The web dashboard in a real headless Chromium (Debian's chromium and chromedriver, driven by Selenium) against a
 * lab of real OVS switches: the page shows every switch and link of the lab, a host pair's path and layer on
 * click, the event stream, and changes when a link goes down. Screenshots are kept in
 * {@code target/lab/DashboardLabTest/}.
 */
@Tag("lab")
class DashboardLabTest {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";

    @Test
    @DisplayName("dashboard in headless Chromium: every switch and link of a 4-ring drawn, h1 -> h3 path and layer "
            + "on click, live events, and the link taken down drawn down")
    void dashboardFollowsTheLab() throws Exception {
        assertThat(new File(CHROMEDRIVER)).as("Debian's chromium-driver (deploy/scripts/prereqs.sh installs it)")
                .exists();
        try (LabHarness h = LabHarness.of("DashboardLabTest", "wldsb", LabFabrics.ring(4), "updown");
             RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), h.controller.fabric())) {
            h.awaitConverged(Duration.ofSeconds(20));
            Path profile = Files.createTempDirectory("weft-chromium");
            ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM).addArguments("--headless=new",
                    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
                    "--window-size=1400,900", "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort()
                    .withLogFile(h.dir.resolve("chromedriver.log").toFile()).build();
            WebDriver browser = new ChromeDriver(service, options);
            try {
                WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));
                browser.get("http://127.0.0.1:" + api.port() + "/");
                wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
                wait.until(d -> d.findElements(By.cssSelector("[data-switch][data-connected='true']")).size() == 4);
                assertThat(browser.findElements(By.cssSelector("[data-switch]"))).extracting(e -> e
                        .getDomAttribute("data-switch")).containsExactlyInAnyOrder("s1", "s2", "s3", "s4");
                List<String> links = h.lab.topology().links().stream().map(l -> l.a() + ":" + l.aPort() + "-"
                        + l.b() + ":" + l.bPort()).toList();
                assertThat(browser.findElements(By.cssSelector("[data-link]"))).extracting(e -> e
                        .getDomAttribute("data-link")).containsExactlyInAnyOrderElementsOf(links);
                assertThat(browser.findElements(By.cssSelector("[data-link][data-up='true']"))).hasSize(4);
                assertThat(browser.findElements(By.cssSelector("[data-link]"))).allSatisfy(e ->
                        assertThat(e.getDomAttribute("stroke")).as("utilisation colour").startsWith("rgb("));
                assertThat(browser.findElements(By.cssSelector("[data-host]"))).hasSize(4);
                wait.until(d -> d.findElements(By.cssSelector("#events li")).size() >= 2);

                browser.findElement(By.cssSelector("[data-host='h1']")).click();
                browser.findElement(By.cssSelector("[data-host='h3']")).click();
                wait.until(d -> d.findElement(By.id("path")).getText().contains("layer"));
                WebElement path = browser.findElement(By.id("path"));
                assertThat(path.getText()).matches("h1 → h3 \\(s1 → s3\\): layer 0: s1 → s[24] → s3");
                assertThat(path.getDomAttribute("data-path")).matches("s1>s[24]>s3");
                screenshot(browser, h.dir.resolve("dashboard.png"));

                Link failed = h.lab.topology().links().get(0);
                String id = failed.a() + ":" + failed.aPort() + "-" + failed.b() + ":" + failed.bPort();
                Shell.check("ip", "link", "set", h.lab.interfaceOf(failed.a(), failed.aPort()), "down");
                wait.until(d -> d.findElements(By.cssSelector("[data-link='" + id + "'][data-up='false']")).size()
                        == 1);
                wait.until(d -> d.findElement(By.id("events")).getText().contains("PORT_DOWN"));
                assertThat(browser.findElements(By.cssSelector("[data-link][data-up='true']"))).hasSize(3);
                wait.until(d -> d.findElement(By.id("path")).getDomAttribute("data-path").equals("s1>s4>s3"));
                screenshot(browser, h.dir.resolve("dashboard-link-down.png"));
            } finally {
                browser.quit();
                try (var files = Files.walk(profile)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    private static void screenshot(WebDriver browser, Path to) throws Exception {
        Files.write(to, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }
}
