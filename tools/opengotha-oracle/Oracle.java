// SPDX-License-Identifier: MIT
//
// Headless driver that runs OpenGotha's own engine as a test oracle for the scorekeeper's
// native tests (tests/fixtures/oracle/). It is our code: it only calls OpenGotha's classes, the
// way OpenGotha's windows call them, and writes what they compute as JSON. OpenGotha itself
// (GPL) is never copied into this repository, nor built by it: this file is compiled against
// OpenGotha's classes built elsewhere.
//
// The class sits in OpenGotha's package, info.vannier.gotha, only to read the package-private
// constants and tables OpenGotha keeps there (the placement criteria and their coefficients);
// it changes nothing in OpenGotha.
//
// Usage:
//   java -Djava.awt.headless=true -cp <classes>:<lib>/jhall.jar info.vannier.gotha.Oracle \
//        --out DIR --label "3.51.02 (commit ...)" --dtd <checkout>/tournamentfiles/tournament.dtd \
//        [--ranks] FILE.xml...
// For every FILE.xml it writes DIR/<name>.json, DIR/<name>.h9 and DIR/<name>.tou, where <name>
// is the file name without ".xml". With --ranks it also writes DIR/ranks.json.
package info.vannier.gotha;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.rmi.server.RMISocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

public class Oracle {

    static String label = "";
    static File outDir = new File(".");

    public static void main(String[] args) throws Exception {
        // OpenGotha's Tournament is an RMI remote object: creating one opens a listening socket.
        // Keep every such socket on the loopback interface.
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        RMISocketFactory.setSocketFactory(new RMISocketFactory() {
            @Override
            public ServerSocket createServerSocket(int port) throws IOException {
                return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            }

            @Override
            public Socket createSocket(String host, int port) throws IOException {
                return new Socket(InetAddress.getLoopbackAddress(), port);
            }
        });

        List<File> files = new ArrayList<>();
        boolean ranks = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out": outDir = new File(args[++i]); break;
                case "--label": label = args[++i]; break;
                case "--ranks": ranks = true; break;
                case "--dtd": dtd = new File(args[++i]); break;
                default: files.add(new File(args[i]));
            }
        }
        outDir.mkdirs();
        if (ranks) writeRanks();
        int failures = 0;
        for (File f : files) {
            long t0 = System.currentTimeMillis();
            try {
                runFile(f);
                System.err.println("oracle: " + f.getName() + " done in "
                        + (System.currentTimeMillis() - t0) + " ms");
            } catch (Exception e) {
                failures++;
                System.err.println("oracle: " + f.getName() + " FAILED");
                e.printStackTrace();
            }
        }
        // RMI keeps non-daemon threads alive.
        System.exit(failures == 0 ? 0 : 1);
    }

    // ------------------------------------------------------------------ loading

    static boolean is351() {
        return Gotha.GOTHA_VERSION < 352L;
    }

    /** Notes about how the file had to be fed to this OpenGotha version (empty if as is). */
    static String importNote = "";

    /**
     * Opens the file as OpenGotha's File .. Open does (Gotha.getTournamentFromFile).
     *
     * OpenGotha 3.51.02 reads a file without a dataVersion attribute as data version 200 (the
     * pre-2009 format): it adds 2050 to every rating and looks players of games up by an obsolete
     * canonical name. Yet 3.51.02 itself (and 3.52) writes its files without that attribute,
     * so 3.51.02 cannot reopen its own files faithfully. For 3.51.02 such a file is therefore fed
     * through a temporary copy whose root element gets dataVersion="201" (what every OpenGotha
     * since 2009 means); nothing else is changed. 3.52 no longer reads the attribute.
     */
    static TournamentInterface load(File f) throws Exception {
        byte[] bytes = Files.readAllBytes(f.toPath());
        importNote = "";
        if (is351()) {
            // ISO-8859-1 maps every byte to one character and back: every other byte stays as is.
            String xml = new String(bytes, StandardCharsets.ISO_8859_1);
            int i = xml.indexOf("<Tournament");
            int j = xml.indexOf('>', i);
            if (i >= 0 && j > i && !xml.substring(i, j).contains("dataVersion")) {
                String patched = xml.substring(0, i + "<Tournament".length()) + " dataVersion=\"201\""
                        + xml.substring(i + "<Tournament".length());
                bytes = patched.getBytes(StandardCharsets.ISO_8859_1);
                importNote = "no dataVersion attribute: read by 3.51.02 with dataVersion=\"201\" added";
            }
        }
        // Every file is opened from a working folder that holds OpenGotha's tournament.dtd, as
        // OpenGotha's own tournamentfiles folder does: a file that declares
        // <!DOCTYPE Tournament SYSTEM "tournament.dtd"> gets its missing attributes from it.
        File src = new File(workDir(), "tournament.xml");
        Files.write(src.toPath(), bytes);
        return Gotha.getTournamentFromFile(src);
    }

    static File dtd = null;
    static File workDir = null;

    static File workDir() throws IOException {
        if (workDir == null) {
            workDir = Files.createTempDirectory("opengotha-oracle").toFile();
            workDir.deleteOnExit();
            if (dtd != null) {
                File d = new File(workDir, "tournament.dtd");
                Files.copy(dtd.toPath(), d.toPath());
                d.deleteOnExit();
            }
            new File(workDir, "tournament.xml").deleteOnExit();
        }
        return workDir;
    }

    static void release(TournamentInterface t) {
        try {
            UnicastRemoteObject.unexportObject(t, true);
        } catch (Exception e) {
            // not exported: nothing to release
        }
    }

    /**
     * Marks the tournament as modified now, as every OpenGotha window does after a change
     * (tournamentChanged), and lets the clock move on so that the next scoring refresh is
     * strictly later than this modification: from then on OpenGotha's scoring cache holds, as it
     * does while a director clicks through the pairing window.
     */
    static void touch(TournamentInterface t) throws Exception {
        t.setLastTournamentModificationTime(System.currentTimeMillis());
        Thread.sleep(3);
    }

    /** Removes every game of rounds >= firstDropped (0-based) and the bye players of those rounds. */
    static void cut(TournamentInterface t, int firstDropped) throws Exception {
        for (Game g : t.gamesList()) {
            if (g.getRoundNumber() >= firstDropped) t.removeGame(g);
        }
        for (int r = firstDropped; r < Gotha.MAX_NUMBER_OF_ROUNDS; r++) {
            if (t.getByePlayer(r) != null) t.unassignByePlayer(r);
        }
    }

    static boolean datesUsable(File f) throws IOException {
        String xml = new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
        for (String a : new String[] {"beginDate", "endDate"}) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(a + "=\"(\\d{4})-\\d\\d-\\d\\d\"").matcher(xml);
            if (!m.find() || Integer.parseInt(m.group(1)) <= 1900) return false;
        }
        return true;
    }

    static int lastRoundWithGames(TournamentInterface t) throws Exception {
        int last = -1;
        for (Game g : t.gamesList()) last = Math.max(last, g.getRoundNumber());
        return last;
    }

    // ------------------------------------------------------------------ criteria

    static List<PlacementCriterion> allCriteria() {
        List<PlacementCriterion> l = new ArrayList<>();
        for (PlacementCriterion pc : PlacementParameterSet.allPlacementCriteria) {
            if (pc.uid == PlacementParameterSet.PLA_CRIT_NUL) continue;
            // DC and SDC are only computed for the criteria of the tournament's own set.
            if (pc.uid == PlacementParameterSet.PLA_CRIT_DC || pc.uid == PlacementParameterSet.PLA_CRIT_SDC) continue;
            // 3.52's Breizh criteria (BZS, SOSB, ...) belong to a system the scorekeeper does not
            // run: left out so that every version lists the same criteria.
            if (pc.longName.startsWith("BZS") || pc.longName.startsWith("SOSB") || pc.longName.startsWith("SODOSB")
                    || pc.longName.startsWith("SOSOSB")) continue;
            l.add(pc);
        }
        return l;
    }

    static PlacementCriterion criterion(int uid) {
        for (PlacementCriterion pc : PlacementParameterSet.allPlacementCriteria) {
            if (pc.uid == uid) return pc;
        }
        return null;
    }

    static String systemName(int type) {
        if (type == TournamentParameterSet.TYPE_MCMAHON) return "MCMAHON";
        if (type == TournamentParameterSet.TYPE_SWISS) return "SWISS";
        if (type == TournamentParameterSet.TYPE_SWISSCAT) return "SWISSCAT";
        if (type == TournamentParameterSet.TYPE_CUP) return "CUP";
        if (type == TournamentParameterSet.TYPE_UNDEFINED) return "UNDEFINED";
        return "OTHER_" + type;
    }

    // ------------------------------------------------------------------ one file

    static void runFile(File f) throws Exception {
        String name = f.getName().replaceAll("\\.xml$", "");

        // Header, file's own pairing per round, h9/tou: from the whole file.
        TournamentInterface full = load(f);
        String note = importNote;
        TournamentParameterSet tps = full.getTournamentParameterSet();
        GeneralParameterSet gps = tps.getGeneralParameterSet();
        int nbRounds = gps.getNumberOfRounds();
        int lastGames = lastRoundWithGames(full);
        int[] crit = tps.getPlacementParameterSet().getPlaCriteria();
        List<Integer> plaCrit = new ArrayList<>();
        for (int c : crit) if (c != PlacementParameterSet.PLA_CRIT_NUL) plaCrit.add(c);

        Map<Integer, List<Game>> fileGames = new HashMap<>();
        Map<Integer, Player> fileByes = new HashMap<>();
        for (Game g : full.gamesList()) {
            fileGames.computeIfAbsent(g.getRoundNumber(), k -> new ArrayList<>()).add(g);
        }
        for (int r = 0; r < Gotha.MAX_NUMBER_OF_ROUNDS; r++) {
            Player b = full.getByePlayer(r);
            if (b != null) fileByes.put(r, b);
        }

        // The .h9 and .tou headers hold the tournament's dates; OpenGotha replaces a missing date
        // or one in 1900 or before by the day of the run, so such files get no exports here.
        String exportsSkipped = datesUsable(f) ? null
                : "no exports: the file's beginDate/endDate is missing or <= 1900, which OpenGotha replaces by today's date";
        if (exportsSkipped == null) {
            ExternalDocument.generateH9File(full, new File(outDir, name + ".h9"), true);
            boolean anyByDef = false;
            for (Game g : full.gamesList()) if (g.getResult() >= Game.RESULT_BYDEF) anyByDef = true;
            if (anyByDef) ExternalDocument.generateH9File(full, new File(outDir, name + ".nobydef.h9"), false);
            ExternalDocument.generateTouFile(full, new File(outDir, name + ".tou"));
        }
        int nbPlayers = full.numberOfPlayers();
        release(full);

        StringBuilder sb = new StringBuilder();
        sb.append("{\n");
        field(sb, "file", "files/" + f.getName()).append(",\n");
        field(sb, "opengotha", label).append(",\n");
        if (!note.isEmpty()) field(sb, "import_note", note).append(",\n");
        if (exportsSkipped != null) field(sb, "exports_note", exportsSkipped).append(",\n");
        field(sb, "system", systemName(tps.tournamentType())).append(",\n");
        sb.append("  \"number_of_rounds\": ").append(nbRounds).append(",\n");
        sb.append("  \"number_of_categories\": ").append(gps.getNumberOfCategories()).append(",\n");
        sb.append("  \"players\": ").append(nbPlayers).append(",\n");
        sb.append("  \"placement_criteria\": [");
        for (int i = 0; i < plaCrit.size(); i++) {
            if (i > 0) sb.append(", ");
            str(sb, criterion(plaCrit.get(i)).longName);
        }
        sb.append("],\n");
        sb.append("  \"criteria_coef\": {");
        List<PlacementCriterion> all = allCriteria();
        List<PlacementCriterion> coefList = new ArrayList<>(all);
        for (int c : plaCrit) if (!coefList.contains(criterion(c))) coefList.add(criterion(c));
        for (int i = 0; i < coefList.size(); i++) {
            if (i > 0) sb.append(", ");
            str(sb, coefList.get(i).longName).append(": ").append(coefList.get(i).coef);
        }
        sb.append("},\n");
        sb.append("  \"all_criteria_names\": [");
        for (int i = 0; i < all.size(); i++) {
            if (i > 0) sb.append(", ");
            str(sb, all.get(i).longName);
        }
        sb.append("],\n");
        sb.append("  \"standings_listing\": ");
        str(sb, tps.getDPParameterSet().isDisplayNPPlayers() ? "all players (displayNPPlayers)"
                : "players implied in a game or as bye (OpenGotha's default)");
        sb.append(",\n");

        // Pairing oracle: rounds 1 .. last round with games, and the next round if the
        // tournament has one.
        int lastPair = lastGames;
        if (lastGames + 1 < nbRounds) lastPair = lastGames + 1;
        sb.append("  \"rounds\": [");
        for (int r = 0; r <= lastPair; r++) {
            sb.append(r == 0 ? "\n" : ",\n");
            pairRound(f, r, fileGames.get(r), fileByes.get(r), sb);
        }
        sb.append("\n  ],\n");

        // Standings oracle: after every round that holds games.
        sb.append("  \"standings\": [");
        for (int r = 0; r <= lastGames; r++) {
            sb.append(r == 0 ? "\n" : ",\n");
            standings(f, r, plaCrit, all, sb);
        }
        sb.append("\n  ]\n}\n");

        try (Writer w = new OutputStreamWriter(Files.newOutputStream(new File(outDir, name + ".json").toPath()),
                StandardCharsets.UTF_8)) {
            w.write(sb.toString());
        }
    }

    // ------------------------------------------------------------------ pairing

    /** What one press of "Pair" made. */
    static class Pairing {
        int participants;
        int preSkipped;
        String bye;
        String renumberError;
        List<Game> games = new ArrayList<>();
        Set<String> pairable = new HashSet<>();
    }

    /**
     * Pairs round R (0-based) as the Games .. Pair window does when the director presses
     * "Pair" with no player selected (JFrGamesPair.btnPairActionPerformed): every FIN-registered
     * player participating in the round and not yet paired, listed in the window's default
     * order (by score, JFrGamesPair.scoreSortedPlayers); for an odd number OpenGotha chooses the
     * bye player first (Tournament.chooseAByePlayer), then makeAutomaticPairing, table numbers,
     * renumberTablesByBestScoreThenRating.
     *
     * If only is not null, the round's participation is first set as if the director had marked
     * exactly those players as participating (Player.setParticipating, as the Players Quick
     * Check window does).
     */
    static Pairing pair(File f, int R, Set<String> only) throws Exception {
        Pairing res = new Pairing();
        TournamentInterface t = load(f);
        cut(t, R);
        if (only != null) {
            for (Player p : t.playersList()) {
                Player mp = new Player(p);
                mp.setParticipating(R, only.contains(p.getKeyString()));
                t.modifyPlayer(p, mp);
            }
        }
        touch(t);

        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        HashMap<String, Player> hmPairable = new HashMap<>();
        for (Player p : t.playersHashMap().values()) {
            if (!p.getParticipating()[R]) continue;
            if (p.getRegisteringStatus().compareTo("FIN") != 0) {
                res.preSkipped++;
                continue;
            }
            hmPairable.put(p.getKeyString(), p);
        }
        res.pairable.addAll(hmPairable.keySet());
        // (after the cut no game and no bye of round R remain)
        ArrayList<Player> alPlayersToPair = new ArrayList<>();
        ArrayList<ScoredPlayer> alSP = t.orderedScoredPlayersList(R - 1, pps);
        for (ScoredPlayer sp : alSP) {
            Player p = hmPairable.get(sp.getKeyString());
            if (p != null) alPlayersToPair.add(t.getPlayerByKeyString(p.getKeyString()));
        }
        res.participants = alPlayersToPair.size();

        if (alPlayersToPair.size() % 2 != 0) {
            t.chooseAByePlayer(alPlayersToPair, R);
            Player byeP = t.getByePlayer(R);
            Player pToRemove = null;
            for (Player p : alPlayersToPair) {
                if (p.hasSameKeyString(byeP)) pToRemove = p;
            }
            alPlayersToPair.remove(pToRemove);
            res.bye = byeP.getKeyString();
        }

        ArrayList<Game> alNewGames = t.makeAutomaticPairing(alPlayersToPair, R);
        int tN = 0;
        for (Game newG : alNewGames) {
            boolean bTNOK;
            do {
                bTNOK = true;
                for (Game oldG : t.gamesList(R)) {
                    if (oldG.getRoundNumber() != R) continue;
                    if (oldG.getTableNumber() == tN) {
                        tN++;
                        bTNOK = false;
                    }
                }
            } while (!bTNOK);
            newG.setTableNumber(tN++);
        }
        // OpenGotha's GameComparator is not a consistent order when two games tie on score and
        // rating, and Java's sort may then throw. In the GUI this exception ends the Pair action
        // before the games are added (the bye player chosen above stays assigned). The oracle
        // keeps the games makeAutomaticPairing made, with their provisional table numbers, and
        // records the failure.
        try {
            t.renumberTablesByBestScoreThenRating(R, alNewGames);
        } catch (IllegalArgumentException e) {
            res.renumberError = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        for (Game g : alNewGames) t.addGame(g);
        touch(t);

        res.games = new ArrayList<>(t.gamesList(R));
        res.games.sort(Comparator.comparingInt(Game::getTableNumber));
        release(t);
        return res;
    }

    static void pairRound(File f, int R, List<Game> fileGames, Player fileBye, StringBuilder sb) throws Exception {
        Pairing p = pair(f, R, null);
        sb.append("    { \"round\": ").append(R + 1)
          .append(", \"participants\": ").append(p.participants);
        if (p.preSkipped > 0) sb.append(", \"pre_registered_not_paired\": ").append(p.preSkipped);
        pairingBody(sb, p, "      ");
        if (fileGames == null && fileBye == null) {
            sb.append(",\n      \"file_games\": 0, \"file_equal_pairs\": null, \"file_equal_exact\": null }");
            return;
        }
        List<Game> fg = fileGames == null ? new ArrayList<>() : new ArrayList<>(fileGames);
        String fileByeKey = fileBye == null ? null : fileBye.getKeyString();
        sb.append(",\n      \"file_games\": ").append(fg.size());
        sb.append(", \"file_bye\": ");
        if (fileByeKey == null) sb.append("null"); else str(sb, fileByeKey);
        compare(sb, p, fg, fileByeKey);

        // When the players the file pairs in this round (and its bye) are not exactly those the
        // participation flags let OpenGotha pair (flags edited after the round, late arrivals
        // paired by hand...), the round is paired a second time with exactly the file's players.
        Set<String> fileSet = new HashSet<>();
        for (Game g : fg) {
            fileSet.add(g.getWhitePlayer().getKeyString());
            fileSet.add(g.getBlackPlayer().getKeyString());
        }
        if (fileByeKey != null) fileSet.add(fileByeKey);
        if (!fileSet.equals(p.pairable)) {
            Pairing q = pair(f, R, fileSet);
            sb.append(",\n      \"with_file_participants\": { \"participants\": ").append(q.participants);
            if (q.preSkipped > 0) sb.append(", \"pre_registered_not_paired\": ").append(q.preSkipped);
            pairingBody(sb, q, "        ");
            compare(sb, q, fg, fileByeKey);
            sb.append(" }");
        }
        sb.append(" }");
    }

    static void pairingBody(StringBuilder sb, Pairing p, String ind) {
        if (p.renumberError != null) {
            sb.append(",\n").append(ind).append("\"renumber_error\": ");
            str(sb, p.renumberError + " (in Tournament.renumberTablesByBestScoreThenRating: the GUI's Pair"
                    + " action stops there and adds no game; the games below are makeAutomaticPairing's,"
                    + " with its provisional table numbers)");
        }
        sb.append(",\n").append(ind).append("\"games\": [");
        for (int i = 0; i < p.games.size(); i++) {
            sb.append(i == 0 ? "\n" : ",\n");
            game(sb, p.games.get(i), ind + "  ");
        }
        sb.append("\n").append(ind).append("],\n").append(ind).append("\"bye\": ");
        if (p.bye == null) sb.append("null"); else str(sb, p.bye);
    }

    static void compare(StringBuilder sb, Pairing p, List<Game> fg, String fileByeKey) {
        boolean byeEq = (p.bye == null) ? fileByeKey == null : p.bye.equals(fileByeKey);
        Set<String> ours = new HashSet<>();
        Map<String, String> oursExact = new HashMap<>();
        for (Game g : p.games) {
            ours.add(pairKey(g));
            oursExact.put(pairKey(g), exactKey(g));
        }
        boolean pairsEq = byeEq && fg.size() == p.games.size();
        boolean exactEq = pairsEq;
        for (Game g : fg) {
            String k = pairKey(g);
            if (!ours.contains(k)) {
                pairsEq = false;
                exactEq = false;
            } else if (!exactKey(g).equals(oursExact.get(k))) {
                exactEq = false;
            }
        }
        sb.append(", \"file_equal_pairs\": ").append(pairsEq);
        sb.append(", \"file_equal_exact\": ").append(exactEq);
    }

    static String pairKey(Game g) {
        String a = g.getWhitePlayer().getKeyString(), b = g.getBlackPlayer().getKeyString();
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }

    static String exactKey(Game g) {
        return g.getTableNumber() + "|" + g.getWhitePlayer().getKeyString() + "|" + g.getBlackPlayer().getKeyString()
                + "|" + g.getHandicap() + "|" + g.isKnownColor();
    }

    static void game(StringBuilder sb, Game g, String indent) {
        sb.append(indent).append("{\"table\": ").append(g.getTableNumber() + 1).append(", \"white\": ");
        str(sb, g.getWhitePlayer().getKeyString()).append(", \"black\": ");
        str(sb, g.getBlackPlayer().getKeyString()).append(", \"handicap\": ").append(g.getHandicap())
          .append(", \"known_color\": ").append(g.isKnownColor()).append("}");
    }

    // ------------------------------------------------------------------ standings

    /**
     * Standings after round R (0-based) from the file's own games of rounds 1..R+1, as the
     * Standings tab (JFrGotha.updateStandingsComponents) and the HTML publishing
     * (ExternalDocument.generateStandingsHTMLFileContents) compute them: orderedScoredPlayersList
     * with the file's placement criteria, then, unless the file asks to display non-playing
     * players, only players implied in a game or as bye player; places from
     * ScoredPlayer.positionStrings (publishing, .h9, .tou) and catPositionStrings (window).
     */
    static void standings(File f, int R, List<Integer> plaCrit, List<PlacementCriterion> all, StringBuilder sb) throws Exception {
        TournamentInterface t = load(f);
        cut(t, R + 1);
        touch(t);
        TournamentParameterSet tps = t.getTournamentParameterSet();
        PlacementParameterSet pps = tps.getPlacementParameterSet();
        ArrayList<ScoredPlayer> alSP = t.orderedScoredPlayersList(R, pps);
        List<String> notListed = new ArrayList<>();
        if (!tps.getDPParameterSet().isDisplayNPPlayers()) {
            for (java.util.Iterator<ScoredPlayer> it = alSP.iterator(); it.hasNext();) {
                ScoredPlayer sP = it.next();
                if (!t.isPlayerImplied(sP)) {
                    notListed.add(sP.getKeyString());
                    it.remove();
                }
            }
        }
        String[] strPlace = ScoredPlayer.positionStrings(alSP, R, tps);
        String[] strCatPlace = ScoredPlayer.catPositionStrings(alSP, R, tps);
        boolean cats = tps.getGeneralParameterSet().getNumberOfCategories() > 1;
        String[][] hG = ScoredPlayer.halfGamesStrings(alSP, R, tps, true);

        sb.append("    { \"after_round\": ").append(R + 1).append(", \"listed\": ").append(alSP.size());
        sb.append(", \"not_listed\": [");
        Collections.sort(notListed);
        for (int i = 0; i < notListed.size(); i++) {
            if (i > 0) sb.append(", ");
            str(sb, notListed.get(i));
        }
        sb.append("],\n      \"rows\": [");
        int place = 0;
        for (int i = 0; i < alSP.size(); i++) {
            ScoredPlayer sp = alSP.get(i);
            String shown = strPlace[i].trim();
            if (!shown.isEmpty()) place = Integer.parseInt(shown);
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("        {\"key\": ");
            str(sb, sp.getKeyString());
            sb.append(", \"place\": ").append(place).append(", \"place_shown\": ");
            str(sb, shown);
            if (cats) {
                sb.append(", \"category\": ").append(sp.category(tps.getGeneralParameterSet()) + 1);
                sb.append(", \"cat_place_shown\": ");
                str(sb, strCatPlace[i].trim());
            }
            sb.append(", \"criteria\": {");
            for (int c = 0; c < plaCrit.size(); c++) {
                int uid = plaCrit.get(c);
                if (c > 0) sb.append(", ");
                str(sb, criterion(uid).longName).append(": {\"value\": ").append(sp.getCritValue(uid, R))
                  .append(", \"shown\": ");
                str(sb, sp.formatScore(uid, R)).append("}");
            }
            sb.append("}, \"all_criteria\": [");
            for (int c = 0; c < all.size(); c++) {
                if (c > 0) sb.append(",");
                sb.append(sp.getCritValue(all.get(c).uid, R));
            }
            sb.append("], \"results\": [");
            for (int r = 0; r <= R; r++) {
                if (r > 0) sb.append(",");
                str(sb, hG[r][i].trim());
            }
            sb.append("]}");
        }
        sb.append("\n      ] }");
        release(t);
    }

    // ------------------------------------------------------------------ ranks

    /**
     * What OpenGotha gives a player registered with only a rank, in the Players Manager
     * (JFrPlayersManager.manageRankGradeAndRatingValues then btnRegisterActionPerformed): the
     * grade field takes the rank's text, the rating is rank * 100 + 2100 with origin "INI".
     */
    static void writeRanks() throws Exception {
        List<String> texts = new ArrayList<>();
        for (int k = 30; k >= 1; k--) texts.add(k + "K");
        for (int d = 1; d <= 9; d++) texts.add(d + "D");
        for (int p = 1; p <= 9; p++) texts.add(p + "P");
        StringBuilder sb = new StringBuilder();
        sb.append("{\n");
        field(sb, "opengotha", label).append(",\n");
        field(sb, "source", "JFrPlayersManager: rank typed, grade and rating left empty; "
                + "rating = rank * 100 + 2100 (= Player.ratingFromRank), origin INI").append(",\n");
        sb.append("  \"xml_import_without_rating\": ").append(-900).append(",\n");
        sb.append("  \"ranks\": [");
        for (int i = 0; i < texts.size(); i++) {
            String txt = texts.get(i);
            int rank = Player.convertKDPToInt(txt);
            int rating = rank * 100 + 2100;
            Player p = new Player("Name", "First", "", "", "", "", "", "", "", rank, rating, "INI", txt, 0, "FIN");
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"typed\": ");
            str(sb, txt);
            sb.append(", \"rank\": ").append(p.getRank());
            sb.append(", \"rank_shown\": ");
            str(sb, Player.convertIntToKD(p.getRank()));
            sb.append(", \"grade\": ");
            str(sb, p.getStrGrade());
            sb.append(", \"rating\": ").append(p.getRating());
            sb.append(", \"rating_from_rank\": ").append(Player.ratingFromRank(rank));
            sb.append(", \"rank_from_rating\": ").append(Player.rankFromRating(p.getRating()));
            sb.append(", \"rating_origin\": ");
            str(sb, p.getStrRatingOrigin());
            sb.append("}");
        }
        sb.append("\n  ]\n}\n");
        try (Writer w = new OutputStreamWriter(Files.newOutputStream(new File(outDir, "ranks.json").toPath()),
                StandardCharsets.UTF_8)) {
            w.write(sb.toString());
        }
    }

    // ------------------------------------------------------------------ JSON

    static StringBuilder field(StringBuilder sb, String k, String v) {
        sb.append("  ");
        str(sb, k).append(": ");
        return str(sb, v);
    }

    static StringBuilder str(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
            }
        }
        return sb.append('"');
    }
}
